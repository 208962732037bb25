#!/usr/bin/env node
/**
 * `npm run schedules:run [-- --at 2026-12-01T12:00:00Z]`: runs the API Worker's Cron handler once
 * against the local D1 (the state `npm run dev`, `serve` and `seed` share), as the hourly Cron
 * Trigger does in production: due "post automatically" schedules are posted, each day once
 * (ADR 058), along with the rest of the hourly upkeep. The same handler, not a copy: the API
 * Worker is started alone with `wrangler dev --test-scheduled`, which exposes its `scheduled`
 * handler at /cdn-cgi/handler/scheduled; `--at` sets the run's time (default: now).
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { migrateLocal } from "./lib/d1.mjs";
import { API_CONFIG, childEnv, root, stateDir } from "./lib/run.mjs";

const atIndex = process.argv.indexOf("--at");
const at = atIndex > 0 ? Date.parse(process.argv[atIndex + 1] ?? "") : Date.now();
if (!Number.isFinite(at)) {
  console.error("--at takes a date and time, e.g. 2026-12-01T12:00:00Z");
  process.exit(2);
}

/** A port nothing listens on. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

await migrateLocal();
const port = await freePort();
const child = spawn(
  path.join(root, "node_modules", ".bin", "wrangler"),
  ["dev", "-c", API_CONFIG, "--persist-to", stateDir(), "--port", String(port), "--ip", "127.0.0.1", "--test-scheduled", "--show-interactive-dev-session=false"],
  { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: childEnv() },
);
let output = "";
child.stdout.on("data", (chunk) => (output += chunk));
child.stderr.on("data", (chunk) => (output += chunk));

try {
  const url = `http://127.0.0.1:${port}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("17 * * * *")}&time=${at}`;
  let answer = null;
  for (let waited = 0; waited < 60_000 && !answer; waited += 500) {
    if (child.exitCode !== null) break;
    answer = await fetch(url, { signal: AbortSignal.timeout(30_000) }).catch(() => null);
    if (!answer) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!answer) throw new Error(`the API Worker did not start:\n${output}`);
  const text = await answer.text();
  if (!answer.ok) throw new Error(`the scheduled handler failed (${answer.status}): ${text}\n${output}`);
  console.log(`Ran the hourly handler at ${new Date(at).toISOString()}: due schedules posted (local D1 in ${stateDir()}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  child.kill("SIGTERM");
}
