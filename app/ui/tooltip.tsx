/**
 * Tooltips of icon-only controls, drawn by Radix (`@radix-ui/react-tooltip`, the design card's
 * package; ADR 043). A page that shows any wraps its content in `TooltipProvider` (the seed's
 * delays: 700 ms, and 300 ms within which the next tooltip opens at once).
 *
 * A table has two icon controls per row, so a Radix root per control would be 100 roots to render
 * on the server for a 50-row page (ADR 027 measured it at about half the page's CPU). `Tooltip`
 * therefore renders its control alone until a mouse points at it or it gets focus; only then does
 * it mount Radix's root around it, which from then on handles the delay, Escape, collisions and
 * the accessible description. Its text is the control's own `aria-label` unless one is given.
 */
import * as RadixTooltip from "@radix-ui/react-tooltip";
import { cloneElement, useEffect, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement } from "react";
import * as styles from "../styles/tooltip.css";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "./constants";

/** A tooltip open now: Escape belongs to it first (app/ui/use-escape-closes.ts). */
export const SHOWN_TOOLTIP = "[data-tooltip][data-state$='-open']";

export function TooltipProvider({ children }: { children: React.ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </RadixTooltip.Provider>
  );
}

type ControlProps = {
  "aria-label"?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

export function Tooltip({ children, label }: { children: ReactElement<ControlProps>; label?: string }) {
  const [armedBy, setArmedBy] = useState<"pointer" | "keyboard" | null>(null);
  const trigger = useRef<HTMLElement>(null);
  const text = label ?? children.props["aria-label"] ?? "";

  useEffect(() => {
    // Mounting the root put a new (identical) element in the control's place. Radix opens on the
    // trigger's own pointermove and focus, which came before it was there: both are given again.
    const element = trigger.current;
    if (!element) return;
    if (armedBy === "keyboard") element.focus();
    else if (armedBy === "pointer" && element.matches(":hover")) element.dispatchEvent(new window.PointerEvent("pointermove", { bubbles: true, pointerType: "mouse" }));
  }, [armedBy]);

  if (!armedBy) {
    return cloneElement(children, {
      "data-tooltip": "",
      onPointerEnter: (event: PointerEvent<HTMLElement>) => {
        children.props.onPointerEnter?.(event);
        if (event.pointerType !== "touch") setArmedBy("pointer");
      },
      onFocus: (event: FocusEvent<HTMLElement>) => {
        children.props.onFocus?.(event);
        // A focus a click gave opens nothing in Radix either; the pointer arms it instead.
        if (event.currentTarget.matches(":focus-visible")) setArmedBy("keyboard");
      },
    } as ControlProps);
  }
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild ref={trigger as React.Ref<HTMLButtonElement>}>
        {cloneElement(children, { "data-tooltip": "" } as ControlProps)}
      </RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className={styles.content} side="top" align="end" sideOffset={4} collisionPadding={8}>
          {text}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
