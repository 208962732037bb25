import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { API_CONFIG, run, stateDir } from "./run.mjs";

/** Applies the API's migrations to the local D1. */
export async function migrateLocal() {
  await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir(), "-c", API_CONFIG], { env: { CI: "true" }, quiet: true });
}

/** Runs SQL against the local D1 (as one file: wrangler runs it as a batch). */
export async function executeLocal(sql) {
  const dir = mkdtempSync(path.join(tmpdir(), "tesoro-sql-"));
  const file = path.join(dir, "run.sql");
  writeFileSync(file, sql);
  try {
    return await run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", stateDir(), "-c", API_CONFIG, "--file", file, "--yes"], { quiet: true });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs one query and returns its rows. */
export async function queryLocal(sql) {
  const output = await run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", stateDir(), "-c", API_CONFIG, "--command", sql, "--json"], { quiet: true });
  const start = output.indexOf("[");
  return JSON.parse(output.slice(start))[0]?.results ?? [];
}

/** SQL literal for a string, number or null. */
export function lit(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
    return String(value);
  }
  return `'${String(value).replace(/'/g, "''")}'`;
}
