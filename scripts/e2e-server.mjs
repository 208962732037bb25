#!/usr/bin/env node
/**
 * The server Playwright starts: the production build (built if missing) on its own, fresh local
 * D1/R2 state, migrated and seeded, so tests never see or touch the demo database.
 */
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";
import { root, run } from "./lib/run.mjs";

const port = process.env.E2E_PORT ?? "8788";
// Per port, so two runs on one machine cannot wipe each other's database or build copy.
process.env.TESORO_STATE_DIR ??= `.wrangler/e2e-state-${port}`;

rmSync(path.join(root, process.env.TESORO_STATE_DIR), { recursive: true, force: true });
if (!existsSync(path.join(root, "build/server/wrangler.json")) || !existsSync(path.join(root, "dist/tesoro_api/wrangler.json"))) {
  await run("react-router", ["build"], { quiet: true, env: { PORT: port } });
}
const { seed } = await import("./seed.mjs");
await seed([]);
// Serve a private copy, so a rebuild during the run cannot swap the assets under the pages.
// serve() points the copy's API Worker at this port's origin (mailed links lead back here).
const snapshot = path.join(root, ".wrangler", `e2e-build-${port}`);
rmSync(snapshot, { recursive: true, force: true });
cpSync(path.join(root, "build"), path.join(snapshot, "build"), { recursive: true });
cpSync(path.join(root, "dist"), path.join(snapshot, "dist"), { recursive: true });
const { serve } = await import("./serve.mjs");
const child = serve({ port, buildRoot: path.relative(root, snapshot) });
child.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
