/**
 * Tooltips of icon-only controls, drawn by Radix (`@radix-ui/react-tooltip`, the design card's
 * package; ADR 043). A page that shows any wraps its content in `TooltipProvider` (the seed's
 * delays: 700 ms, and 300 ms within which the next tooltip opens at once). Radix handles the
 * delays, Escape, collisions with the screen's edges and the accessible description.
 *
 * A table has two icon controls per row: a Radix root per control is 100 roots to render for a
 * 50-row page, which ADR 027 measured at about half the page's server CPU. So the server renders
 * the control alone, with the attributes Radix's closed trigger has, and only the browser renders
 * the roots: hydration matches host elements, and those are the same.
 * The text is the control's own `aria-label` unless one is given.
 */
import * as RadixTooltip from "@radix-ui/react-tooltip";
import { cloneElement, type ReactElement } from "react";
import * as styles from "../styles/tooltip.css";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "./constants";

/**
 * Escapes that closed a tooltip. Radix hears Escape first (a capture listener on the document) and
 * may have re-rendered before the key reaches the page's own handlers, so they cannot ask the DOM
 * whether a tooltip was open: they ask this (app/ui/use-escape-closes.ts, WCAG 1.4.13).
 */
const escapesTakenByTooltips = new WeakSet<Event>();
export function escapeClosedATooltip(event: Event): boolean {
  return escapesTakenByTooltips.has(event);
}

export function TooltipProvider({ children }: { children: React.ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </RadixTooltip.Provider>
  );
}

type ControlProps = { "aria-label"?: string };

/** Attributes of a closed Radix trigger, and ours that marks a control with a tooltip. */
const CLOSED_TRIGGER = { "data-tooltip": "", "data-state": "closed" };

export function Tooltip({ children, label }: { children: ReactElement<ControlProps>; label?: string }) {
  if (typeof document === "undefined") return cloneElement(children, CLOSED_TRIGGER as ControlProps);
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{cloneElement(children, { "data-tooltip": "" } as ControlProps)}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          className={styles.content}
          side="top"
          align="end"
          sideOffset={4}
          collisionPadding={8}
          onEscapeKeyDown={(event) => escapesTakenByTooltips.add(event)}
        >
          {label ?? children.props["aria-label"] ?? ""}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
