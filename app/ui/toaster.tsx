/**
 * Toasts (react-hot-toast) with the seed's behaviour: 5000 ms, at most 5 visible, removed 200 ms
 * after closing, 16 px apart, swipe past 50 px to dismiss, F8 focuses the region. The component's
 * own default position is bottom-right; the app mounts it at the top.
 */
import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from "react";
import { useTranslation } from "../i18n/use-translation";
import { resolveValue, toast, Toaster as HotToaster, ToastBar, useToasterStore, type DefaultToastOptions, type Toast, type ToastPosition } from "react-hot-toast";
import { vars } from "../styles/theme.css";
import { HEADER_BLOCK_SIZE, TOAST_DURATION_MS, TOAST_GAP_PX, TOAST_HOTKEY, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX } from "./constants";

/**
 * react-hot-toast paints its toasts white with dark grey text whatever the page's theme. The
 * theme's custom properties instead: they already switch for data-theme="dark" and for "system"
 * on a dark device (theme.css.ts), so a toast follows both without knowing which applies. The
 * border keeps a raised toast apart from a dark page, where a shadow barely shows.
 */
const TOAST_OPTIONS: DefaultToastOptions = {
  duration: TOAST_DURATION_MS,
  removeDelay: TOAST_REMOVE_DELAY_MS,
  style: { background: vars.color.surfaceRaised, color: vars.color.text, border: `1px solid ${vars.color.border}` },
  // The icon's disc in the theme's success and error colours, its mark in the toast's own colour.
  success: { iconTheme: { primary: vars.color.success, secondary: vars.color.surfaceRaised } },
  error: { iconTheme: { primary: vars.color.error, secondary: vars.color.surfaceRaised } },
};

/** Below the page's header when it has one (default layout), else the component's own 16 px from the top. */
const CONTAINER_STYLE = { top: `calc(var(${HEADER_BLOCK_SIZE}, 0px) + ${TOAST_GAP_PX}px)` };

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
      <HotToaster position={position} gutter={TOAST_GAP_PX} toastOptions={TOAST_OPTIONS} containerStyle={CONTAINER_STYLE}>
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
