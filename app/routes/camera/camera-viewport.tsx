/** The camera's picture (with the QR aim) or, until it is live, the button that starts it; then the controls under it. */
import type { RefObject } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { CameraStatus } from "./use-camera";
import * as c from "../../styles/camera.css";
import * as ui from "../../styles/ui.css";

import type { Mode } from "./types";

export function CameraViewport({ videoRef, status, mode, shown, hydrated, onStart }: { videoRef: RefObject<HTMLVideoElement | null>; status: CameraStatus; mode: Mode; shown: boolean; hydrated: boolean; onStart: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={c.viewport} hidden={!shown} style={shown ? undefined : { display: "none" }}>
      <video ref={videoRef} className={c.video} playsInline muted aria-label={t("camera.videoLabel")} hidden={status !== "live"} data-testid="camera-video" />
      {status === "live" && mode === "qr" ? <div className={c.aim} aria-hidden="true" /> : null}
      {status !== "live" ? (
        <div className={c.placeholder}>
          {status === "starting" ? <p role="status">{t("camera.starting")}</p> : null}
          <button type="button" className={ui.button.primary} onClick={onStart} disabled={!hydrated || status === "starting" || status === "unsupported"}>
            {t("camera.start")}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** Under the live camera: take the photo (or, scanning, say so), and stop. */
export function LiveControls({ mode, detectorReady, onTakePhoto, onStop }: { mode: Mode; detectorReady: boolean; onTakePhoto: () => void; onStop: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={ui.row}>
      {mode === "photo" ? (
        <button type="button" className={ui.button.primary} onClick={onTakePhoto}>
          {t("camera.photo.take")}
        </button>
      ) : (
        <p role="status" className={ui.muted} style={{ margin: 0 }}>
          {detectorReady ? t("camera.scanning") : t("camera.loadingDecoder")}
        </p>
      )}
      <button type="button" className={ui.button.ghost} onClick={onStop}>
        {t("camera.stop")}
      </button>
    </div>
  );
}
