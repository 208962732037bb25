/**
 * Icons a list repeats on every row, drawn once per page: the list renders <IconSprite> with the
 * icons it needs and each row a <SpriteIcon> that points at one (`<use href="#…">`). A full
 * lucide <svg> per row cost about 1 KB of HTML and a dozen elements to render, 50 times a page.
 */
import type { LucideIcon } from "lucide-react";

const HIDDEN = { position: "absolute", width: 0, height: 0, overflow: "hidden" } as const;

export function IconSprite({ icons }: { icons: Record<string, LucideIcon> }) {
  return (
    <svg aria-hidden="true" focusable="false" style={HIDDEN}>
      {Object.entries(icons).map(([id, Icon]) => (
        <symbol key={id} id={`icon-${id}`} viewBox="0 0 24 24">
          <Icon aria-hidden="true" />
        </symbol>
      ))}
    </svg>
  );
}

/** One icon of the page's sprite: decorative, so the control that holds it carries the name. */
export function SpriteIcon({ id, size = 16 }: { id: string; size?: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`#icon-${id}`} />
    </svg>
  );
}
