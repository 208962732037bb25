/**
 * The camera page's reader: the mode (a QR code or a receipt photo), the live camera or a picked
 * file, and what was read (qr-result.tsx, photo-result.tsx).
 */
import { useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { useHydrated } from "../../browser/use-hydrated";
import { CameraViewport, LiveControls } from "./camera-viewport";
import { FilePicker } from "./file-picker";
import { PhotoResult } from "./photo-result";
import { QrResult } from "./qr-result";
import { STATE_MESSAGES, useCamera } from "./use-camera";
import { usePhoto } from "./use-photo";
import { useQrScanner } from "./use-qr-scanner";
import type { CameraPageData, Mode } from "./types";
import * as c from "../../styles/camera.css";
import * as ui from "../../styles/ui.css";

export function Scanner({ loaderData }: { loaderData: CameraPageData }) {
  const { t } = useTranslation();
  // Opened for one transaction's receipt: the photo mode, not the QR scanner.
  const [mode, setMode] = useState<Mode>(loaderData.target ? "photo" : "qr");
  const fileRef = useRef<HTMLInputElement>(null);
  // Everything here needs JavaScript: controls stay disabled until the page is hydrated, so a
  // tap before then is never silently lost. (False on the server, true in the browser.)
  const hydrated = useHydrated();
  const camera = useCamera(fileRef);
  const { status, startCamera, stopCamera } = camera;
  const scanner = useQrScanner(mode === "qr" && status === "live", camera);
  const { qr } = scanner;
  const shot = usePhoto(camera);
  const { photo } = shot;

  async function onFile(file: File | undefined) {
    if (!file) return;
    scanner.setQrNotFound(false);
    shot.setPickRefusal(null);
    if (mode === "photo") return shot.pickPhoto(file);
    try {
      await scanner.scanFile(file);
    } finally {
      if (fileRef.current) fileRef.current.value = "";
    }
  }

  function switchMode(next: Mode) {
    if (next === mode) return;
    setMode(next);
    scanner.setQrNotFound(false);
  }

  function scanAgain() {
    scanner.setQr(null);
    void startCamera();
  }

  function retake() {
    const picked = photo?.picked;
    shot.setPhoto(null);
    // A picked photo is replaced by picking another; the camera is not started unasked.
    if (picked) requestAnimationFrame(() => fileRef.current?.focus());
    else void startCamera();
  }

  const stateMessage = STATE_MESSAGES[status];
  const showViewport = !(mode === "qr" && qr) && !(mode === "photo" && photo);

  return (
    <>
      <div role="group" aria-label={t("camera.modes.label")} className={c.modes}>
        {(["qr", "photo"] as const).map((m) => (
          <button key={m} type="button" className={c.modeButton} aria-pressed={mode === m} onClick={() => switchMode(m)} disabled={!hydrated}>
            {t(`camera.modes.${m}`)}
          </button>
        ))}
      </div>

      {stateMessage ? (
        <p role="alert" className={status === "denied" ? ui.alert.warning : ui.alert.info} data-testid="camera-state" data-state={status}>
          {t(stateMessage)}
        </p>
      ) : null}

      <CameraViewport videoRef={camera.videoRef} status={status} mode={mode} shown={showViewport} hydrated={hydrated} onStart={() => void startCamera()} />

      {showViewport && status === "live" ? <LiveControls mode={mode} detectorReady={scanner.detectorReady} onTakePhoto={() => void shot.takePhoto()} onStop={stopCamera} /> : null}

      {showViewport ? (
        <FilePicker
          fileRef={fileRef}
          mode={mode}
          live={status === "live"}
          hydrated={hydrated}
          onFile={(file) => void onFile(file)}
          pickRefusal={shot.pickRefusal}
          qrNotFound={scanner.qrNotFound}
          decoderLoading={scanner.decoderLoading}
        />
      ) : null}

      {mode === "qr" && qr ? <QrResult qr={qr} loaderData={loaderData} onScanAgain={scanAgain} /> : null}
      {mode === "photo" && photo ? <PhotoResult photo={photo} loaderData={loaderData} onRetake={retake} /> : null}
    </>
  );
}
