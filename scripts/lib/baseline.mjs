import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root, run } from "./run.mjs";

/** The framework's floor: a bare React Router 8 Worker app (bench/baseline/README.md). */
export const BASELINE_DIR = path.join(root, "bench", "baseline");

/** Builds the floor with the root's installed packages, so it always matches Tesoro's versions. */
export async function buildBaseline({ force = false } = {}) {
  if (force || !existsSync(path.join(BASELINE_DIR, "build", "server", "index.js"))) await run("react-router", ["build"], { quiet: true, cwd: BASELINE_DIR });
}

/**
 * Gzip bytes (-6) of the floor's JavaScript. Its one page loads every file the build makes (the
 * manifest, the entry and its imports, the root and the index route), so the sum is that page's
 * first visit.
 */
export function baselineJsGzipBytes() {
  const assets = path.join(BASELINE_DIR, "build", "client", "assets");
  return readdirSync(assets)
    .filter((name) => name.endsWith(".js"))
    .reduce((total, name) => total + gzipSync(readFileSync(path.join(assets, name)), { level: 6 }).length, 0);
}
