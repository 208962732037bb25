/**
 * The seed: when a chunk of the app fails to load (a deploy replaced it), reload the page, at
 * most once per path within 10 seconds.
 *
 * React Router itself reloads when a route module import fails, and logs
 * "Error loading route module …" just before. It offers no hook, so the guard sits on that log
 * line: a second failure for the same path within the window throws there instead, which stops
 * the reload and lets the error page explain (docs/decisions/006-chunk-reload.md). Vite's
 * `vite:preloadError` covers the app's own lazy chunks.
 */
import { CHUNK_RELOAD_WINDOW_MS } from "../ui-constants";

const KEY = "tesoro:chunk-reload";

export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
}

/** True when this path may reload now (and records it); false inside the window. */
export function claimReload(path: string, now = Date.now(), storage: Pick<Storage, "getItem" | "setItem"> = sessionStorage): boolean {
  let record: Record<string, number> = {};
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

export function installChunkReloadGuard(): void {
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    original(...args);
    if (typeof args[0] === "string" && args[0].startsWith("Error loading route module") && !claimReload(location.pathname)) {
      throw new ChunkLoadError(args[0]);
    }
  };
  window.addEventListener("vite:preloadError", (event) => {
    if (claimReload(location.pathname)) {
      event.preventDefault();
      location.reload();
    }
  });
}
