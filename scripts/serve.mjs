#!/usr/bin/env node
/**
 * Serves the production build of both Workers in local workerd, sharing one local D1/R2 state
 * with the migrate and seed commands.
 */
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { localOrigin, localPort } from "./lib/local-origin.mjs";
import { childEnv, root, stateDir } from "./lib/run.mjs";

/**
 * The API Worker's config for a serve on `port`: the built one with APP_ORIGIN set to where this
 * serve answers, so mailed links lead back to it whatever port it runs on. `wrangler dev --var`
 * reaches only the first Worker of a multi-config run (the app), hence a config of its own;
 * written beside the built one, per port, so its relative paths still hold and two serves of
 * one build on two ports never share it. The next build empties the folder.
 */
export function apiConfigFor({ port, buildRoot = "." }) {
  const built = path.join(buildRoot, "dist/tesoro_api/wrangler.json");
  const config = JSON.parse(readFileSync(path.resolve(root, built), "utf8"));
  config.vars = { ...config.vars, APP_ORIGIN: localOrigin(port) };
  const local = path.join(path.dirname(built), `wrangler.local-${port}.json`);
  writeFileSync(path.resolve(root, local), JSON.stringify(config));
  return local;
}

/** `wrangler dev` arguments that serve both built Workers on `port` (shared with the bench). */
export function serveArgs({ port = localPort(), buildRoot = ".", persistTo = stateDir() } = {}) {
  return [
    "dev",
    "-c",
    path.join(buildRoot, "build/server/wrangler.json"),
    "-c",
    apiConfigFor({ port, buildRoot }),
    "--persist-to",
    persistTo,
    "--port",
    String(port),
    "--ip",
    "localhost",
    "--show-interactive-dev-session=false",
  ];
}

export function serve({ port = localPort(), stdio = "inherit", buildRoot = "." } = {}) {
  return spawn(path.join(root, "node_modules", ".bin", "wrangler"), serveArgs({ port, buildRoot }), { cwd: root, stdio, env: childEnv() });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const child = serve();
  child.on("exit", (code) => process.exit(code ?? 0));
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
}
