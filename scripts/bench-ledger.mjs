#!/usr/bin/env node
/**
 * `npm run bench:ledger`: latency of the ledger at 1k and 1M rows on the local production build.
 *
 * For each size it seeds its own database (TESORO_STATE_DIR=.wrangler/bench-<size>, reused on the
 * next run; --fresh rebuilds), serves the build (scripts/serve.mjs) on a local port, signs in as the
 * demo user and times, sequentially, a bounded number of requests to localhost only:
 *   API  first page · deep page (cursor at the middle of the history) · text search (the page's list
 *        call, totals=false) · the totals of that search (streamed to the page) · filtered total ·
 *        the pending rows and the uncategorised ones (rare among many: a page with its totals)
 *   SSR  /accounts/{id}/transactions (whatever that page renders today), and /login as the yardstick
 *        (goal: the transactions page at the largest size within 2× of the sign-in page)
 * and prints p50/p95 per size and the ratio largest/smallest (goal ≤ 1.5).
 *
 *   npm run bench:ledger                       1,000 and 1,000,000 rows
 *   npm run bench:ledger -- --sizes 1000,100000 --runs 30
 *   npm run bench:ledger -- --only budget      only the cases whose name contains "budget"
 *   npm run build first when build/ is missing or stale (the bench builds only when it is missing).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEMO_USER, signInDemo } from "./demo.mjs";
import { lit, queryLocal } from "./lib/d1.mjs";
import { localOrigin } from "./lib/local-origin.mjs";
import { requireFreePort, root, run } from "./lib/run.mjs";
import { DEMO_PEN_ACCOUNT } from "./seed-ledger.mjs";
import { listCursor } from "./lib/ledger-cursor.mjs";
import { reportCases } from "./bench/reports.mjs";
import { budgetCases } from "./bench/budgets.mjs";

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const SIZES = option("sizes", "1000,1000000").split(",").map(Number);
const RUNS = Math.min(200, Number(option("runs", "40")));
const WARMUP = 5;
const PORT = Number(process.env.BENCH_PORT ?? 8799);
const ORIGIN = localOrigin(PORT);
const FRESH = argv.includes("--fresh");
// --only budget: just the cases whose name contains that text (case-insensitive), to measure one area.
const ONLY = option("only", "").toLowerCase();

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function waitForServer(child) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error("the server exited");
    try {
      const response = await fetch(`${ORIGIN}/api/v1/health`);
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not start");
}

async function time(url, headers) {
  const start = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  const ms = performance.now() - start;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return ms;
}

async function benchSize(size) {
  const state = path.join(root, ".wrangler", `bench-${size}`);
  if (FRESH) rmSync(state, { recursive: true, force: true });
  process.env.TESORO_STATE_DIR = state;
  console.log(`\n▶ ${size.toLocaleString("en")} rows (state ${path.relative(root, state)})`);
  const seedStart = Date.now();
  const { seed } = await import("./seed.mjs");
  await seed(["--transactions", String(size)]);
  console.log(`  seeded/checked in ${Math.round((Date.now() - seedStart) / 1000)} s`);

  // A real cursor for the middle of the history, newest first: the position of the row there.
  const [middle] = await queryLocal(
    `SELECT date, id FROM transactions WHERE account_id = ${lit(DEMO_PEN_ACCOUNT)} ORDER BY date DESC, id DESC LIMIT 1 OFFSET ${Math.floor(size / 2)}`,
  );
  const cursor = listCursor(DEMO_PEN_ACCOUNT, { key: middle.date, id: middle.id });
  const [groceries] = await queryLocal(`SELECT id FROM categories WHERE user_id = ${lit(DEMO_USER.id)} AND default_key = 'groceries'`);
  const [last] = await queryLocal(`SELECT MAX(date) AS d FROM transactions WHERE account_id = ${lit(DEMO_PEN_ACCOUNT)}`);
  const from = new Date(Date.parse(`${last.d}T12:00:00Z`) - 90 * 86400_000).toISOString().slice(0, 10);

  // The previous size's server may take a moment to let go of the port.
  await requireFreePort(PORT, 15_000);
  const { serve } = await import("./serve.mjs");
  const child = serve({ port: String(PORT), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
  child.stderr.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
  try {
    await waitForServer(child).catch((error) => {
      throw new Error(`${error.message}\n${output}`);
    });
    const { token, cookie: session } = await signInDemo(ORIGIN);
    const api = { Authorization: `Bearer ${token}` };
    // A browser's User-Agent: a crawler's would make the app wait for the whole document.
    const browser = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36", Accept: "text/html" };
    const cookie = { ...browser, Cookie: `tesoro_session=${session}` };
    const base = `${ORIGIN}/api/v1/accounts/${DEMO_PEN_ACCOUNT}/transactions`;
    const cases = [
      ["API first page", `${base}?limit=50`, api],
      ["API deep page (cursor)", `${base}?limit=50&cursor=${cursor}`, api],
      // The list call the transactions page makes: its totals are a separate, streamed request.
      ["API text search", `${base}?limit=50&q=wong&totals=false&include=accounts,categories`, api],
      // Those streamed totals of the same search (O(matches); the page paints before them).
      ["API search totals", `${base}/totals?q=wong`, api],
      ["API filtered total", `${base}?limit=1&category=${groceries.id}&from=${from}`, api],
      // Filters whose rows are rare among many: each must cost its own rows, not the history (ADR 010).
      ["API pending only", `${base}?limit=50&status=pending`, api],
      ["API uncategorised", `${base}?limit=50&category=none`, api],
      // The register across accounts (ADR 054): a page walks the user's rows in date order.
      ["API register page", `${ORIGIN}/api/v1/transactions?limit=50`, api],
      ["API register amount", `${ORIGIN}/api/v1/transactions?limit=50&q=20.77`, api],
      ["API register size out", `${ORIGIN}/api/v1/transactions?limit=50&min=100&max=500&direction=out`, api],
      ["SSR first page", `${ORIGIN}/accounts/${DEMO_PEN_ACCOUNT}/transactions`, cookie],
      // The yardstick of issue 4: the transactions page within 2× of the sign-in page, same run.
      ["SSR sign-in page", `${ORIGIN}/login`, browser],
      // Reports (ADR 059): read from the monthly summaries, so flat in the number of rows.
      ...reportCases(ORIGIN, api, cookie, last.d),
      // Budgets (issue 37): a month's report, one with a year of rollover, and the page.
      ...(await budgetCases({ origin: ORIGIN, api, cookie, lastDay: last.d })),
    ];
    const results = {};
    for (const [name, url, headers] of cases.filter(([name]) => name.toLowerCase().includes(ONLY))) {
      for (let i = 0; i < WARMUP; i++) await time(url, headers);
      const samples = [];
      for (let i = 0; i < RUNS; i++) samples.push(await time(url, headers));
      results[name] = { p50: percentile(samples, 50), p95: percentile(samples, 95) };
      console.log(`  ${name.padEnd(24)} p50 ${results[name].p50.toFixed(1).padStart(7)} ms   p95 ${results[name].p95.toFixed(1).padStart(7)} ms`);
    }
    return results;
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r() : child.once("exit", r)));
  }
}

if (!existsSync(path.join(root, "build", "server", "index.js"))) {
  console.log("Building…");
  await run("react-router", ["build"], { quiet: true });
}
const all = {};
for (const size of SIZES) all[size] = await benchSize(size);
const small = Math.min(...SIZES);
const large = Math.max(...SIZES);
if (small !== large) {
  console.log(`\nRatio ${large.toLocaleString("en")} / ${small.toLocaleString("en")} rows (goal ≤ 1.5)`);
  for (const name of Object.keys(all[small])) {
    const r50 = all[large][name].p50 / all[small][name].p50;
    const r95 = all[large][name].p95 / all[small][name].p95;
    console.log(`  ${name.padEnd(24)} p50 ×${r50.toFixed(2)}   p95 ×${r95.toFixed(2)}${r50 <= 1.5 ? "" : "   ← over goal"}`);
  }
}
const ssr = ONLY ? NaN : all[large]["SSR first page"].p50 / all[large]["SSR sign-in page"].p50;
if (!ONLY) console.log(`\nSSR of the transactions page / SSR of the sign-in page at ${large.toLocaleString("en")} rows (goal ≤ 2): p50 ×${ssr.toFixed(2)}${ssr <= 2 ? "" : "   ← over goal"}`);

// Kept beside the other benchmarks' figures, so `npm run bench` prints them in one report (a partial run with --only is not kept).
if (!ONLY) {
  const RESULTS_FILE = path.join(root, "bench", "results.json");
  const previous = existsSync(RESULTS_FILE) ? JSON.parse(readFileSync(RESULTS_FILE, "utf8")) : {};
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(
    RESULTS_FILE,
    JSON.stringify({ ...previous, ledger: { measuredAt: new Date().toISOString(), runs: RUNS, sizes: SIZES, p50AndP95Ms: all, ssrOverSignIn: ssr } }, null, 2) + "\n",
  );
  console.log(`Written to ${path.relative(root, RESULTS_FILE)} (key "ledger")`);
}
