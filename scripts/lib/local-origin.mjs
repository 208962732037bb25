/**
 * Where a local run is served, and so the origin the API Worker writes into mail (the
 * password-reset link). The port is the one source: `npm start`, `npm run serve`, the e2e server
 * and the benches pass theirs to `scripts/serve.mjs`, which tells the API Worker; `npm run dev`
 * passes Vite's through vite.config.ts. Production takes APP_ORIGIN from `[env.production]` in
 * workers/api/wrangler.toml, never from here (docs/decisions/029-local-origin-from-the-port.md).
 */

/** The port of `npm start` and `npm run serve` without `PORT`. */
export const DEFAULT_PORT = "8787";

/** The port a local serve uses: `PORT`, else the default. */
export function localPort(env = process.env) {
  return String(env.PORT || DEFAULT_PORT);
}

/** The origin of a local serve on `port`: one host name, as the origin checks want (STACK-NOTES trap 5). */
export function localOrigin(port) {
  return `http://localhost:${port}`;
}
