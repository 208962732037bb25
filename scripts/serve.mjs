#!/usr/bin/env node
/**
 * Serves the production build of both Workers in local workerd, sharing one local D1/R2 state
 * with the migrate and seed commands.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { childEnv, root, stateDir } from "./lib/run.mjs";

export function serve({ port = process.env.PORT ?? "8787", stdio = "inherit", buildRoot = "." } = {}) {
  const args = [
    "dev",
    "-c",
    path.join(buildRoot, "build/server/wrangler.json"),
    "-c",
    path.join(buildRoot, "dist/tesoro_api/wrangler.json"),
    "--persist-to",
    stateDir(),
    "--port",
    String(port),
    "--ip",
    "localhost",
    "--show-interactive-dev-session=false",
  ];
  return spawn(path.join(root, "node_modules", ".bin", "wrangler"), args, { cwd: root, stdio, env: childEnv() });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const child = serve();
  child.on("exit", (code) => process.exit(code ?? 0));
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
}
