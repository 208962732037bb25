import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { root, run } from "./run.mjs";

/**
 * The floors (bench/baseline/README.md): one React Router 8 Worker app with three pages, and a bare
 * Hono API Worker over D1 behind a service binding.
 */
export const BASELINE_DIR = path.join(root, "bench", "baseline");

/** The bare framework page (`npm run bench` and `npm run bench:bundle`). */
export const BARE_PATH = "/";
/** The design card's client packages on one page (`npm run bench:bundle`). */
export const DESIGN_CARD_PATH = "/card";
/** The data-page floor: 50 transactions read through the API Worker and D1 (`npm run bench`). */
export const DATA_PAGE_PATH = "/accounts/acc_floor/transactions";
/** The session of bench/baseline/workers/api/seed.sql: the data page answers 401 without it. */
export const DATA_PAGE_COOKIE = "floor_session=floor-bench-session-token-0123456789abcdefg";

const API_CONFIG = path.join(BASELINE_DIR, "workers", "api", "wrangler.toml");
const SEED_FILE = path.join(BASELINE_DIR, "workers", "api", "seed.sql");

/** Builds the floor app and its API Worker with the root's installed packages, so they always match Tesoro's versions. */
export async function buildBaseline({ force = false } = {}) {
  const built = ["build/server/index.js", "build/api/index.js"].every((file) => existsSync(path.join(BASELINE_DIR, file)));
  if (force || !built) await run("react-router", ["build"], { quiet: true, cwd: BASELINE_DIR });
}

/**
 * A fresh local D1 for the data-page floor in `persistTo` (relative to the repository): the floor's
 * migration, then its seed. Deleted first, so every run reads the same 60 rows.
 */
export async function prepareBaselineData(persistTo) {
  const token = DATA_PAGE_COOKIE.slice(DATA_PAGE_COOKIE.indexOf("=") + 1);
  if (!readFileSync(SEED_FILE, "utf8").includes(createHash("sha256").update(token).digest("hex"))) {
    throw new Error(`${path.relative(root, SEED_FILE)} has no session for the token in scripts/lib/baseline.mjs`);
  }
  rmSync(path.join(root, persistTo), { recursive: true, force: true });
  const target = ["DB", "--local", "--persist-to", persistTo, "-c", path.relative(root, API_CONFIG)];
  await run("wrangler", ["d1", "migrations", "apply", ...target], { env: { CI: "true" }, quiet: true });
  await run("wrangler", ["d1", "execute", ...target, "--file", path.relative(root, SEED_FILE), "--yes"], { quiet: true });
}

/**
 * `wrangler dev` arguments that serve both built floor Workers on `port`, as scripts/serve.mjs
 * serves Tesoro's (the app's config first: it is the one that answers on the port).
 */
export function baselineServeArgs({ port, inspectorPort, persistTo }) {
  return [
    "dev",
    "-c",
    path.join("bench", "baseline", "build", "server", "wrangler.json"),
    "-c",
    path.join("bench", "baseline", "build", "api", "wrangler.json"),
    "--persist-to",
    persistTo,
    "--port",
    String(port),
    ...(inspectorPort ? ["--inspector-port", String(inspectorPort)] : []),
    "--ip",
    "localhost",
    "--show-interactive-dev-session=false",
  ];
}
