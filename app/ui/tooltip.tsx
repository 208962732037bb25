/**
 * Tooltips of icon-only controls (ADR 068, superseding 043): one tooltip per page, drawn by
 * `TooltipProvider` for whichever control the pointer or the keyboard is on, instead of a Radix
 * root per control. A table has two icon controls per row: 100 Radix roots (each a dozen
 * components, their effects and a document listener) were what hydrating a 50-row page cost on a
 * phone. Now a control only carries attributes (`<Tooltip>` renders no component of its own,
 * the same on the server and in the browser) and the provider listens once, on the document.
 *
 * It keeps what Radix did (ADR 043) and the tests check: the seed's delays (700 ms; within 300 ms
 * of another tooltip the next opens at once), the trigger's `data-state` (`closed`,
 * `delayed-open`, `instant-open`), keyboard focus opening it at once, a press or a click closing
 * it, Escape closing it first (WCAG 1.4.13; `escapeClosedATooltip` tells the page's own Escape
 * handlers), a hoverable tooltip, `aria-describedby` while open, and placement above the control,
 * aligned to its end, moved inside the screen or below the control when there is no room above.
 * The text is the control's own `aria-label` unless one is given (`label`).
 */
import { cloneElement, useEffect, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from "react";
import { createPortal } from "react-dom";
import * as styles from "../styles/tooltip.css";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "./constants";

/**
 * Escapes that closed a tooltip. The tooltip hears Escape first (a capture listener on the
 * document) and closes it, so the page's own handlers cannot ask the DOM whether a tooltip was
 * open: they ask this (app/ui/use-escape-closes.ts, WCAG 1.4.13).
 */
const escapesTakenByTooltips = new WeakSet<Event>();
export function escapeClosedATooltip(event: Event): boolean {
  return escapesTakenByTooltips.has(event);
}

type ControlProps = { "aria-label"?: string; "data-tooltip"?: string; "data-state"?: string; "data-tooltip-label"?: string };

/**
 * Marks an icon-only control as having a tooltip: attributes only (`data-tooltip`, and the closed
 * state), so a row renders no tooltip component, on the server or in the browser.
 */
export function Tooltip({ children, label }: { children: ReactElement<ControlProps>; label?: string }) {
  return cloneElement(children, { "data-tooltip": "", "data-state": "closed", ...(label ? { "data-tooltip-label": label } : {}) });
}

const CONTENT_ID = "tooltip";
/** Space between the control and its tooltip, and kept from the screen's edges (Radix's sideOffset and collisionPadding before). */
const OFFSET = 4;
const EDGE = 8;

type Shown = { trigger: HTMLElement; text: string };

/** The control with a tooltip that `node` is in, if any. */
function triggerOf(node: EventTarget | null): HTMLElement | null {
  return node instanceof Element ? node.closest<HTMLElement>("[data-tooltip]") : null;
}

/** Wraps a page that shows tooltips, and draws the one shown. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <TooltipLayer />
    </>
  );
}

function TooltipLayer() {
  const [shown, setShown] = useState<Shown | null>(null);
  const content = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let current: Shown | null = null;
    let openTimer: ReturnType<typeof setTimeout> | undefined;
    let pending: HTMLElement | null = null;
    // Radix's provider: a tooltip shown, or closed less than the skip delay ago, lets the next open at once.
    let lastClosedAt = -Infinity;
    let pointerDown = false;

    const cancelPending = () => {
      clearTimeout(openTimer);
      pending = null;
    };
    const reset = (trigger: HTMLElement) => {
      trigger.dataset.state = "closed";
      if (trigger.getAttribute("aria-describedby") === CONTENT_ID) trigger.removeAttribute("aria-describedby");
    };
    const open = (trigger: HTMLElement, state: "delayed-open" | "instant-open") => {
      cancelPending();
      if (current && current.trigger !== trigger) reset(current.trigger);
      trigger.dataset.state = state;
      trigger.setAttribute("aria-describedby", CONTENT_ID);
      current = { trigger, text: trigger.dataset.tooltipLabel ?? trigger.getAttribute("aria-label") ?? "" };
      setShown(current);
    };
    const close = () => {
      cancelPending();
      if (!current) return;
      reset(current.trigger);
      current = null;
      lastClosedAt = performance.now();
      setShown(null);
    };
    /** Over the control, its tooltip, or the few pixels between them: the way to the tooltip keeps it open (it is hoverable). */
    const onTheWay = (x: number, y: number) => {
      const box = content.current?.getBoundingClientRect();
      const at = current?.trigger.getBoundingClientRect();
      if (!box || !at) return false;
      return x >= Math.min(box.left, at.left) && x <= Math.max(box.right, at.right) && y >= Math.min(box.top, at.top) && y <= Math.max(box.bottom, at.bottom);
    };

    const onPointerMove = (event: PointerEvent) => {
      if (event.pointerType === "touch") return;
      const trigger = triggerOf(event.target);
      if (trigger) {
        if (trigger === current?.trigger || trigger === pending) return;
        if (current || performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) return open(trigger, "instant-open");
        cancelPending();
        pending = trigger;
        openTimer = setTimeout(() => open(trigger, "delayed-open"), TOOLTIP_DELAY_MS);
      } else if (current) {
        if (!onTheWay(event.clientX, event.clientY)) close();
      } else if (pending) cancelPending();
    };
    // The pointer left the window.
    const onPointerOut = (event: PointerEvent) => {
      if (!event.relatedTarget && event.pointerType !== "touch") close();
    };
    const onPointerDown = (event: PointerEvent) => {
      pointerDown = true;
      if (current && triggerOf(event.target) === current.trigger) close();
    };
    // The focus a press gives comes before this: it does not open the tooltip (Radix's rule).
    const onPointerUp = () => setTimeout(() => (pointerDown = false), 0);
    const onFocusIn = (event: FocusEvent) => {
      const trigger = triggerOf(event.target);
      if (trigger && !pointerDown) open(trigger, "instant-open");
    };
    const onFocusOut = (event: FocusEvent) => {
      if (current && triggerOf(event.target) === current.trigger) close();
    };
    const onClick = (event: MouseEvent) => {
      if (current && triggerOf(event.target) === current.trigger) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !current) return;
      escapesTakenByTooltips.add(event);
      event.preventDefault();
      close();
    };
    const onScroll = () => close();

    const listeners: Array<[string, EventListener, boolean]> = [
      ["pointermove", onPointerMove as EventListener, false],
      ["pointerout", onPointerOut as EventListener, false],
      ["pointerdown", onPointerDown as EventListener, true],
      ["pointerup", onPointerUp, true],
      ["focusin", onFocusIn as EventListener, false],
      ["focusout", onFocusOut as EventListener, false],
      ["click", onClick as EventListener, true],
      ["keydown", onKeyDown as EventListener, true],
      ["scroll", onScroll, true],
    ];
    for (const [type, listener, capture] of listeners) document.addEventListener(type, listener, capture);
    return () => {
      for (const [type, listener, capture] of listeners) document.removeEventListener(type, listener, capture);
      close();
    };
  }, []);

  // Above the control, its end edges aligned; inside the screen; below the control if there is no room above.
  useLayoutEffect(() => {
    const box = content.current;
    if (!shown || !box) return;
    const at = shown.trigger.getBoundingClientRect();
    const { width, height } = box.getBoundingClientRect();
    const rtl = getComputedStyle(shown.trigger).direction === "rtl";
    const left = Math.min(Math.max(EDGE, rtl ? at.left : at.right - width), window.innerWidth - width - EDGE);
    const above = at.top - OFFSET - height;
    const side = above >= EDGE || at.bottom + OFFSET + height > window.innerHeight - EDGE ? "top" : "bottom";
    box.style.left = `${Math.max(EDGE, left)}px`;
    box.style.top = `${side === "top" ? above : at.bottom + OFFSET}px`;
    box.style.visibility = "visible";
  }, [shown]);

  if (!shown) return null;
  return createPortal(
    <div ref={content} id={CONTENT_ID} role="tooltip" className={styles.content} style={{ position: "fixed", left: 0, top: 0, visibility: "hidden" }} data-testid="tooltip">
      {shown.text}
    </div>,
    document.body,
  );
}
