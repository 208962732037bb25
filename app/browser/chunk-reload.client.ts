/**
 * The seed: when a chunk of the app fails to load (a deploy replaced it), reload the page, at
 * most once per path within 10 seconds.
 *
 * React Router itself reloads when a route module import fails (on a navigation, or when a link
 * prefetches on hover), and logs "Error loading route module …" just before. It offers no hook,
 * so the guard sits on that log line:
 * - the first failure for a path within the window lets React Router reload;
 * - a later one throws there instead, which stops the reload. If the failure came from a link
 *   the user just followed (or a form they sent), the browser loads that page as a document:
 *   the server renders it, so the user still gets where they were going. A failure from a
 *   hover prefetch is simply dropped.
 * Vite's `vite:preloadError` covers the app's own lazy chunks (a form's schema, ADR 078): the
 * import fails for its caller (a form's check is then left to the server), and the page reloads,
 * within the same limit, only once the server answers: offline, a reload would swap the app for
 * the browser's offline page (ADR 079). (docs/decisions/006-chunk-reload.md)
 */
import { CHUNK_RELOAD_WINDOW_MS } from "../ui/constants";

const KEY = "tesoro:chunk-reload";
/** A click older than this did not cause the failing load. */
const INTENT_WINDOW_MS = 5_000;

export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
}

/** True when this path may reload now (and records it); false inside the window. */
export function claimReload(path: string, now = Date.now(), storage: Pick<Storage, "getItem" | "setItem"> = sessionStorage): boolean {
  let record: Record<string, number>;
  try {
    record = JSON.parse(storage.getItem(KEY) ?? "{}") as Record<string, number>;
  } catch {
    record = {};
  }
  const last = record[path];
  if (last !== undefined && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  record[path] = now;
  storage.setItem(KEY, JSON.stringify(record));
  return true;
}

let lastIntent: { href: string; at: number } | null = null;

function rememberIntent(event: Event) {
  const target = event.target as Element | null;
  if (event.type === "click") {
    const link = target?.closest?.("a[href]") as HTMLAnchorElement | null;
    if (link && link.origin === location.origin && !link.target) lastIntent = { href: link.pathname + link.search + link.hash, at: Date.now() };
  } else if (target instanceof HTMLFormElement && target.method.toLowerCase() === "get") {
    const url = new URL(target.action, location.href);
    url.search = new URLSearchParams(new FormData(target) as unknown as Record<string, string>).toString();
    if (url.origin === location.origin) lastIntent = { href: url.pathname + url.search, at: Date.now() };
  }
}

function recentIntent(): string | null {
  const intent = lastIntent;
  lastIntent = null;
  if (!intent || Date.now() - intent.at > INTENT_WINDOW_MS) return null;
  return intent.href === location.pathname + location.search + location.hash ? null : intent.href;
}

export function installChunkReloadGuard(): void {
  document.addEventListener("click", rememberIntent, true);
  document.addEventListener("submit", rememberIntent, true);
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    original(...args);
    if (typeof args[0] !== "string" || !args[0].startsWith("Error loading route module")) return;
    if (claimReload(location.pathname)) return;
    const href = recentIntent();
    if (href) location.assign(href);
    throw new ChunkLoadError(args[0]);
  };
  window.addEventListener("vite:preloadError", () => {
    // Not prevented: prevented, Vite answers the import with `undefined` and its caller breaks.
    void fetch("/favicon.svg", { method: "HEAD", cache: "no-store" }).then(
      (answer) => {
        if (answer.ok && claimReload(location.pathname)) location.reload();
      },
      () => undefined,
    );
  });
}
