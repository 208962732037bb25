/**
 * Toasts (react-hot-toast) with the seed's behaviour: 5000 ms, at most 5 visible, removed 200 ms
 * after closing, 16 px apart, swipe past 50 px to dismiss, F8 focuses the region. The component's
 * own default position is bottom-right; the app mounts it at the top.
 */
import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from "react";
import { useTranslation } from "../i18n/use-translation";
import { resolveValue, toast, Toaster as HotToaster, ToastBar, useToasterStore, type Toast, type ToastPosition } from "react-hot-toast";
import { TOAST_DURATION_MS, TOAST_GAP_PX, TOAST_HOTKEY, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX } from "../ui-constants";

export function Toaster({ position = "bottom-right" }: { position?: ToastPosition }) {
  const { t } = useTranslation();
  const regionRef = useRef<HTMLDivElement>(null);
  const { toasts } = useToasterStore();

  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(TOAST_LIMIT)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <div ref={regionRef} role="region" aria-label={`${t("app.notifications")} (${TOAST_HOTKEY})`} tabIndex={-1} data-testid="toast-region">
      <HotToaster position={position} gutter={TOAST_GAP_PX} toastOptions={{ duration: TOAST_DURATION_MS, removeDelay: TOAST_REMOVE_DELAY_MS }}>
        {(item) => <SwipeableToast item={item} />}
      </HotToaster>
    </div>
  );
}

function SwipeableToast({ item }: { item: Toast }) {
  const start = useRef<number | null>(null);
  const node = useRef<HTMLDivElement>(null);

  function onPointerDown(event: ReactPointerEvent) {
    start.current = event.clientX;
  }
  function onPointerMove(event: ReactPointerEvent) {
    if (start.current === null || !node.current) return;
    const dx = event.clientX - start.current;
    // Capture only once it is a drag: capturing on press would steal clicks from the toast's buttons.
    if (Math.abs(dx) > 5 && !node.current.hasPointerCapture?.(event.pointerId)) node.current.setPointerCapture?.(event.pointerId);
    node.current.style.transform = `translateX(${dx}px)`;
  }
  function onPointerUp(event: ReactPointerEvent) {
    if (start.current === null) return;
    const distance = Math.abs(event.clientX - start.current);
    start.current = null;
    if (distance > TOAST_SWIPE_THRESHOLD_PX) toast.dismiss(item.id);
    else if (node.current) node.current.style.transform = "";
  }

  return (
    <div ref={node} data-testid="toast" onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={onPointerUp} onPointerCancel={onPointerUp} style={{ touchAction: "pan-y" }}>
      <ToastBar toast={item}>{({ icon, message }) => (
        <>
          {icon}
          {message ?? resolveValue(item.message, item)}
        </>
      )}</ToastBar>
    </div>
  );
}
