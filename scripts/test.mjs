#!/usr/bin/env node
/**
 * `npm test`: every check, in order, each through the real stack:
 * types → lint → unit tests (Node) → API tests (inside workerd, real D1) → production build →
 * end-to-end tests (Playwright in Chromium against both Workers in local workerd).
 * Ends with each runner's summary and one total line.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { root, run } from "./lib/run.mjs";

const results = path.join(root, "test-results");
mkdirSync(results, { recursive: true });
const steps = [];

async function step(name, command, args, env) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  try {
    await run(command, args, { env });
    steps.push({ name, ok: true, seconds: (Date.now() - started) / 1000 });
  } catch (error) {
    steps.push({ name, ok: false, seconds: (Date.now() - started) / 1000 });
    throw error;
  }
}

/**
 * A JSON report, read even when a tail follows it: vitest's JSON reporter has been seen (once in
 * CI) to write its file twice at the same time, leaving the end of the longer write after the
 * shorter, complete report.
 */
function readReport(file) {
  const raw = readFileSync(path.join(results, file), "utf8");
  try {
    return JSON.parse(raw);
  } catch (error) {
    const end = /after JSON at position (\d+)/.exec(String(error?.message))?.[1];
    if (!end) throw error;
    return JSON.parse(raw.slice(0, Number(end)));
  }
}

function vitestCounts() {
  try {
    const report = readReport("vitest.json");
    return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
  } catch {
    return null;
  }
}

function playwrightCounts() {
  try {
    const report = readReport("e2e.json");
    return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped, flaky: report.stats.flaky };
  } catch {
    return null;
  }
}

let failure = null;
try {
  await step("Types", "react-router", ["typegen"]);
  await run("wrangler", ["types", "--config", "wrangler.toml", "--config", "workers/api/wrangler.toml"], { quiet: true });
  await step("Types (tsc)", "tsc", ["--noEmit"]);
  await step("Lint", "eslint", ["."]);
  await step("Unit and API tests (vitest: Node and workerd)", "vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile=${path.join(results, "vitest.json")}`]);
  await step("Build", "react-router", ["build"]);
  await step("End-to-end tests (Playwright, Chromium)", "playwright", ["test"], { CI: "true", PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, "e2e.json") });
} catch (error) {
  failure = error;
}

const vitest = vitestCounts();
const e2e = playwrightCounts();
console.log("\n── Summary ─────────────────────────────");
for (const s of steps) console.log(`${s.ok ? "✔" : "✘"} ${s.name} (${s.seconds.toFixed(1)} s)`);
if (vitest) console.log(`vitest: ${vitest.passed} passed, ${vitest.failed} failed, ${vitest.skipped} skipped`);
else if (steps.some((s) => s.name.startsWith("Unit and API tests"))) console.log("vitest: ran, but its report (test-results/vitest.json) could not be read; see its output above");
if (e2e) console.log(`playwright: ${e2e.passed} passed, ${e2e.failed} failed, ${e2e.skipped} skipped${e2e.flaky ? ` (${e2e.flaky} flaky, passed on retry)` : ""}`);
const passed = (vitest?.passed ?? 0) + (e2e?.passed ?? 0);
const failed = (vitest?.failed ?? 0) + (e2e?.failed ?? 0) + (failure && !vitest?.failed && !e2e?.failed ? 1 : 0);
console.log(`total: ${passed} passed, ${failed} failed`);
if (failure) {
  console.error(`\n${failure.message.split("\n")[0]}`);
  process.exit(1);
}
