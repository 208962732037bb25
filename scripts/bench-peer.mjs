#!/usr/bin/env node
/**
 * `npm run bench:peer` (not part of `npm test`): Tesoro side by side with Actual Budget, the
 * local-first app many of our users would pick instead (issue 39, ADR 061).
 *
 * For each N: Actual's sync server (installed into a scratch folder outside the repository, see
 * scripts/bench/peer/actual.mjs) with a budget of one account and N transactions made through
 * @actual-app/api, and Tesoro's production build with N transactions in one account (the ledger
 * seed). Then in Chromium, on a fresh profile each run (a new device): time from navigation to the
 * first transaction row visible (sign-in included on both sides, see each side's steps), bytes of
 * JavaScript transferred, and the JS heap after load (page + workers). Prints both and the ratios,
 * merges them into bench/results.json under `peer`.
 *
 *   npm run bench:peer                          N = 10,000 and 100,000, one run each side
 *   npm run bench:peer -- --sizes 1000 --runs 2 (median of the runs)
 *   npm run bench:peer -- --only tesoro         one side only (also: --only actual)
 *
 * Ports (loopback): Actual on PEER_ACTUAL_PORT (4416), Tesoro on PEER_TESORO_PORT (8820).
 * Goal at 100,000: Tesoro ≤ 0.2× Actual's time to first row and heap.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { actualSteps, ACTUAL_VERSION, installActual, seedActual, startActual } from "./bench/peer/actual.mjs";
import { launchBrowser, measureVisit } from "./bench/peer/browser.mjs";
import { startTesoro, tesoroSteps } from "./bench/peer/tesoro.mjs";
import { benchServers } from "./lib/bench-servers.mjs";
import { root, run } from "./lib/run.mjs";

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const SIZES = option("sizes", "10000,100000").split(",").map(Number);
const RUNS = Math.max(1, Math.min(5, Number(option("runs", "1"))));
const ONLY = option("only", null);
const ACTUAL_PORT = Number(process.env.PEER_ACTUAL_PORT ?? 4416);
const TESORO_PORT = Number(process.env.PEER_TESORO_PORT ?? 8820);
const RESULTS_FILE = path.join(root, "bench", "results.json");
const GOAL = 0.2;

const servers = benchServers();
const stops = [];
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => Promise.all([servers.stopAll(), ...stops.map((s) => s())]).then(() => process.exit(130)));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
const kb = (bytes) => (bytes / 1024).toFixed(0);
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const load = () => os.loadavg().map((n) => Number(n.toFixed(2)));

/** RUNS visits; the figures of the run with the median time to first row, plus every time. */
async function visits(browser, url, steps) {
  const all = [];
  for (let i = 0; i < RUNS; i++) all.push(await measureVisit(browser, { url, steps }));
  const mid = median(all.map((v) => v.firstRowMs));
  const chosen = all.find((v) => v.firstRowMs === mid);
  return { ...chosen, firstRowMsRuns: all.map((v) => v.firstRowMs) };
}

function summary(v) {
  return {
    firstRowMs: v.firstRowMs,
    firstRowMsRuns: v.firstRowMsRuns,
    phasesMs: v.phases,
    jsBytes: v.bytes.js,
    jsBytesServiceWorkerCache: v.bytes.jsServiceWorker,
    contentEncodings: v.bytes.encodings,
    totalBytes: v.bytes.total,
    requests: v.bytes.requests,
    bytesByType: v.bytes.byType,
    heapBytes: v.heap.page + v.heap.workers,
    heapPageBytes: v.heap.page,
    heapWorkerBytes: v.heap.workers,
    // Not the goal's figure: V8 heap plus ArrayBuffer/WebAssembly backing stores (SQLite's memory).
    heapWithBackingStoresBytes: v.heap.page + v.heap.workers + v.heap.backing,
    heapTargets: v.heap.targets,
  };
}

function print(n, side, s) {
  if (s.error) return console.log(`  ${side.padEnd(7)} N=${n.toLocaleString("en")}: could not run: ${s.error.split("\n")[0]}`);
  console.log(
    `  ${side.padEnd(7)} N=${n.toLocaleString("en").padEnd(8)} first row ${String(s.firstRowMs).padStart(6)} ms (runs ${s.firstRowMsRuns.join(", ")})   JS ${kb(s.jsBytes).padStart(6)} KB (+${kb(s.jsBytesServiceWorkerCache)} KB by the service worker)   all ${kb(s.totalBytes).padStart(6)} KB   heap ${mb(s.heapBytes).padStart(6)} MB (page ${mb(s.heapPageBytes)}, workers ${mb(s.heapWorkerBytes)}; with ArrayBuffer/wasm backing stores ${mb(s.heapWithBackingStoresBytes)} MB, not the goal's figure)   phases ${JSON.stringify(s.phasesMs)}`,
  );
}

const results = { measuredAt: new Date().toISOString(), actualVersion: ACTUAL_VERSION, runsPerSide: RUNS, machine: { cpus: os.availableParallelism(), loadAverageBefore: load() }, sizes: {} };
let browser;
try {
  if (!existsSync(path.join(root, "build", "server", "index.js"))) {
    console.log("Building Tesoro…");
    await run("react-router", ["build"], { quiet: true });
  }
  let actualError = null;
  if (ONLY !== "tesoro") {
    console.log(`Installing Actual ${ACTUAL_VERSION} (scratch folder outside the repository)…`);
    await installActual().catch((error) => (actualError = `install failed: ${error.message}`));
  }
  browser = await launchBrowser();
  console.log(`machine: ${results.machine.cpus} CPUs, load average ${results.machine.loadAverageBefore.join(" ")} (shared machine: other work runs beside this bench)`);
  for (const n of SIZES) {
    const row = {};
    if (ONLY !== "actual") {
      console.log(`\n▶ Tesoro, N = ${n.toLocaleString("en")}: seeding and serving…`);
      try {
        const tesoro = await startTesoro(servers, TESORO_PORT, n);
        console.log(`  seeded/checked ${tesoro.state} in ${tesoro.seedSeconds} s`);
        row.tesoro = { ...summary(await visits(browser, `${tesoro.origin}/accounts/${tesoro.accountId}/transactions`, tesoroSteps())), loadAverage: load() };
      } catch (error) {
        row.tesoro = { error: String(error?.stack ?? error) };
      } finally {
        await servers.stopAll();
      }
      print(n, "Tesoro", row.tesoro);
    }
    if (ONLY !== "tesoro") {
      console.log(`\n▶ Actual, N = ${n.toLocaleString("en")}: server, budget through @actual-app/api…`);
      if (actualError) row.actual = { error: actualError };
      else {
        let actual;
        try {
          actual = await startActual(ACTUAL_PORT);
          stops.push(actual.stop);
          const seeded = await seedActual(actual.origin, n);
          console.log(`  budget "${seeded.budgetName}" made and uploaded in ${seeded.seconds} s`);
          row.actual = { ...summary(await visits(browser, `${actual.origin}/`, actualSteps(n))), seedSeconds: seeded.seconds, loadAverage: load() };
        } catch (error) {
          row.actual = { error: String(error?.stack ?? error) + (actual ? `\nserver output:\n${actual.output()}` : "") };
        } finally {
          await actual?.stop();
        }
      }
      print(n, "Actual", row.actual);
    }
    if (row.tesoro && row.actual && !row.tesoro.error && !row.actual.error) {
      row.ratios = {
        firstRow: Number((row.tesoro.firstRowMs / row.actual.firstRowMs).toFixed(3)),
        jsBytes: Number((row.tesoro.jsBytes / row.actual.jsBytes).toFixed(3)),
        heap: Number((row.tesoro.heapBytes / row.actual.heapBytes).toFixed(3)),
      };
      console.log(`  Tesoro / Actual: first row ×${row.ratios.firstRow}, JS bytes ×${row.ratios.jsBytes}, heap ×${row.ratios.heap}`);
    }
    results.sizes[n] = row;
  }
  const largest = results.sizes[Math.max(...SIZES)]?.ratios;
  if (largest) {
    results.goals = [
      { goal: `first row ≤ ${GOAL}× Actual at N=${Math.max(...SIZES)}`, ratio: largest.firstRow, pass: largest.firstRow <= GOAL },
      { goal: `heap ≤ ${GOAL}× Actual at N=${Math.max(...SIZES)}`, ratio: largest.heap, pass: largest.heap <= GOAL },
    ];
    console.log("\nGoals (issue 39):");
    for (const g of results.goals) console.log(`  ${g.pass ? "PASS" : "MISS"}  ${g.goal} (×${g.ratio})`);
  }
  results.machine.loadAverageAfter = load();
  const previous = existsSync(RESULTS_FILE) ? JSON.parse(readFileSync(RESULTS_FILE, "utf8")) : {};
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  // A run of one side or one size keeps the other figures already there (each with its own load average).
  const sizes = { ...previous.peer?.sizes };
  for (const [n, row] of Object.entries(results.sizes)) sizes[n] = { ...sizes[n], ...row, ...(row.tesoro && row.actual ? {} : { ratios: undefined }) };
  writeFileSync(RESULTS_FILE, JSON.stringify({ ...previous, peer: { ...results, sizes } }, null, 2) + "\n");
  console.log(`\nWritten to ${path.relative(root, RESULTS_FILE)} (key "peer")`);
} finally {
  await browser?.close();
  await servers.stopAll();
  await Promise.all(stops.map((s) => s()));
}
