import { useEffect, useState, type Dispatch, type RefObject, type SetStateAction } from "react";
import { parseEmvQr, type EmvParseResult } from "../../../core/emvco";
import type { CameraStatus } from "./use-camera";

/** A QR code read, and what it says as an EMVCo payment code (or why it is not one). */
export type QrRead = { text: string; parsed: EmvParseResult };

/**
 * The QR scanner: while `active` (the QR mode, the camera live) it reads the video's frames until
 * a code is found, then stops the camera; `scanFile` reads one from a picked image instead. The
 * decoder is loaded only when first needed.
 */
export function useQrScanner(active: boolean, camera: { videoRef: RefObject<HTMLVideoElement | null>; stopCamera: () => void; setStatus: Dispatch<SetStateAction<CameraStatus>> }) {
  const { videoRef, stopCamera, setStatus } = camera;
  const [qr, setQr] = useState<QrRead | null>(null);
  const [detectorReady, setDetectorReady] = useState(false);
  const [decoderLoading, setDecoderLoading] = useState(false);
  const [qrNotFound, setQrNotFound] = useState(false);

  // Read frames while the camera is live and nothing was found yet.
  useEffect(() => {
    if (!active || qr) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void import("../../browser/qr-decoder.client")
      .then(({ getQrDetector }) => getQrDetector())
      .then((detector) => {
        setDetectorReady(true);
        const tick = async () => {
          if (stopped) return;
          const video = videoRef.current;
          if (video && video.readyState >= 2 && video.videoWidth > 0) {
            try {
              const [text] = await detector.detect(video);
              if (text !== undefined && !stopped) {
                setQr({ text, parsed: parseEmvQr(text) });
                stopCamera();
                return;
              }
            } catch {
              // A frame that cannot be read yet; try the next one.
            }
          }
          timer = setTimeout(() => void tick(), 200);
        };
        void tick();
      })
      .catch(() => {
        if (!stopped) setStatus("error");
      });
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [active, qr, videoRef, stopCamera, setStatus]);

  /** Reads a code from a picked image; none found (or no image) is said beside the picker. */
  async function scanFile(file: File) {
    setDecoderLoading(true);
    try {
      const { getQrDetector } = await import("../../browser/qr-decoder.client");
      const detector = await getQrDetector();
      const bitmap = await createImageBitmap(file);
      const [text] = await detector.detect(bitmap);
      bitmap.close();
      if (text === undefined) setQrNotFound(true);
      else {
        stopCamera();
        setQr({ text, parsed: parseEmvQr(text) });
      }
    } catch {
      setQrNotFound(true);
    } finally {
      setDecoderLoading(false);
    }
  }

  return { qr, setQr, detectorReady, decoderLoading, qrNotFound, setQrNotFound, scanFile };
}
