/** The way without the live camera: an image picked from the files (or taken by the phone's own camera app). */
import type { RefObject } from "react";
import type { Mode } from "./types";
import { useTranslation } from "../../i18n/use-translation";
import * as c from "../../styles/camera.css";
import * as ui from "../../styles/ui.css";

/** `live`: the camera is live (the file's QR decoding is not announced over its scanning). */
export function FilePicker(props: { fileRef: RefObject<HTMLInputElement | null>; mode: Mode; live: boolean; hydrated: boolean; onFile: (file: File | undefined) => void; pickRefusal: string | null; qrNotFound: boolean; decoderLoading: boolean }) {
  const { fileRef, mode, live, hydrated, onFile, pickRefusal, qrNotFound, decoderLoading } = props;
  const { t } = useTranslation();
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor="camera-file">
        {t("camera.pickFile")}
      </label>
      <input
        ref={fileRef}
        id="camera-file"
        className={c.fileInput}
        type="file"
        accept="image/*"
        capture="environment"
        disabled={!hydrated}
        aria-describedby={pickRefusal ? "camera-file-hint camera-file-error" : "camera-file-hint"}
        aria-invalid={pickRefusal ? true : undefined}
        onChange={(event) => onFile(event.currentTarget.files?.[0])}
      />
      <p id="camera-file-hint" className={ui.hint}>
        {t("camera.pickFileHint")}
      </p>
      {pickRefusal && mode === "photo" ? (
        <p id="camera-file-error" role="alert" className={ui.fieldError}>
          {pickRefusal}
        </p>
      ) : null}
      {qrNotFound && mode === "qr" ? (
        <p role="alert" className={ui.alert.warning}>
          {t("camera.qr.notFound")}
        </p>
      ) : null}
      {decoderLoading && !live ? <p role="status">{t("camera.decoding")}</p> : null}
    </div>
  );
}
