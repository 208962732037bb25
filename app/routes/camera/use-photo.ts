import { useEffect, useState, type Dispatch, type RefObject, type SetStateAction } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { receiptFileRefusal } from "../../../core/receipt-image";
import type { CameraStatus } from "./use-camera";
import type { Photo } from "./types";

/**
 * The receipt photo: a frame taken from the live camera, or a picked file (refused at once, with
 * the reason in `pickRefusal`, when it is no photo). Its object URL is let go when it is replaced.
 */
export function usePhoto(camera: { videoRef: RefObject<HTMLVideoElement | null>; stopCamera: () => void; setStatus: Dispatch<SetStateAction<CameraStatus>> }) {
  const { videoRef, stopCamera, setStatus } = camera;
  const { t } = useTranslation();
  const [photo, setPhoto] = useState<Photo | null>(null);
  // A picked file that is no photo (a PDF from "All files"): said at once, beside the picker.
  const [pickRefusal, setPickRefusal] = useState<string | null>(null);

  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  async function pickPhoto(file: File) {
    const refused = await receiptFileRefusal(file);
    if (refused) {
      setPickRefusal(t(refused));
      return;
    }
    stopCamera();
    setPhoto({ blob: file, url: URL.createObjectURL(file), picked: true });
    // A photo is here: why the camera could not start no longer matters.
    setStatus((current) => (current === "live" || current === "starting" ? current : "idle"));
  }

  async function takePhoto() {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    const { captureFrame } = await import("../../browser/images.client");
    const blob = await captureFrame(video);
    stopCamera();
    setPhoto({ blob, url: URL.createObjectURL(blob) });
  }

  return { photo, setPhoto, pickRefusal, setPickRefusal, pickPhoto, takePhoto };
}
