import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type RefObject } from "react";
import { focusIfLost } from "../../forms/focus-after-save";

export type CameraStatus = "idle" | "starting" | "live" | "denied" | "no-camera" | "unsupported" | "busy" | "error";

/** Why the camera is not live, as the page says it (none while it is idle, starting or live). */
export const STATE_MESSAGES: Partial<Record<CameraStatus, string>> = {
  denied: "camera.state.denied",
  "no-camera": "camera.state.noCamera",
  unsupported: "camera.state.unsupported",
  busy: "camera.state.busy",
  error: "camera.state.error",
};

function cameraErrorStatus(error: unknown): CameraStatus {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") return "no-camera";
  if (name === "NotReadableError" || name === "TrackStartError" || name === "AbortError") return "busy";
  return "error";
}

const noSubscription = () => () => undefined;

/**
 * The device camera in a <video>: started on request (the rear camera where there is one), stopped
 * on request and when the page goes. `fallbackFocus`: where focus goes when it could not start.
 */
export function useCamera(fallbackFocus: RefObject<HTMLElement | null>) {
  const [cameraStatus, setStatus] = useState<CameraStatus>("idle");
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const cameraApi = useSyncExternalStore(noSubscription, () => Boolean(navigator.mediaDevices?.getUserMedia), () => true);
  const status: CameraStatus = cameraApi ? cameraStatus : "unsupported";

  const stopCamera = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setStatus((current) => (current === "live" || current === "starting" ? "idle" : current));
  }, []);

  const startCamera = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setStatus("unsupported");
      return;
    }
    setStatus("starting");
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        // The rear camera where there is one; any camera otherwise.
        video: { facingMode: { ideal: "environment" }, width: { ideal: 1920 }, height: { ideal: 1080 } },
      });
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => undefined);
      }
      setStatus("live");
    } catch (error) {
      setStatus(cameraErrorStatus(error));
      // The Start button was disabled while starting, which dropped focus on the page's body: the
      // way on from here is the file picker, which the message above it points to.
      requestAnimationFrame(() => focusIfLost(fallbackFocus.current));
    }
  }, [fallbackFocus]);

  // Tell at once when the site is already blocked, before anyone presses the button.
  useEffect(() => {
    let cancelled = false;
    navigator.permissions
      ?.query({ name: "camera" as PermissionName })
      .then((permission) => {
        if (!cancelled && permission.state === "denied") setStatus("denied");
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => () => streamRef.current?.getTracks().forEach((track) => track.stop()), []);

  return { videoRef, status, setStatus, startCamera, stopCamera };
}
