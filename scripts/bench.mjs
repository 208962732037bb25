#!/usr/bin/env node
/**
 * `npm run bench`: server latency, throughput and CPU per request of the production build in local
 * workerd, side by side with two floors built from bench/baseline/ (bench/baseline/README.md):
 * the bare framework page (a React Router 8 page with a loader and no I/O) and the data-page
 * floor (a page whose loader reads a session and 50 transactions through a bare Hono API Worker
 * and D1, rendered as a plain table). Plus the bundle figures and, with --lighthouse, Lighthouse
 * scores. See docs/decisions/022-benchmarks.md.
 *
 * Loopback only. Tesoro is served on BENCH_PORT (8775), the floors on BENCH_BASELINE_PORT (8776),
 * their inspectors on BENCH_INSPECTOR_PORT (8778) and BENCH_BASELINE_INSPECTOR_PORT (8779);
 * `--bundle` re-measures the bundle with scripts/bench-bundle.mjs on the same ports, before the
 * servers here start. For each target: a warm-up, then a bounded autocannon run (8 s, 10
 * connections by default).
 *
 *   npm run bench                                 latency/throughput + bundle figures from bench/results.json
 *   npm run bench -- --lighthouse                 also Lighthouse (mobile) on /login, / and a transactions page
 *   npm run bench -- --bundle                     also re-measure the bundle (Chromium)
 *   npm run bench -- --duration 4 --connections 20 --build --strict
 *
 * Goals (issue 39, against the data-page floor): overview and transactions CPU per request and
 * p50 ≤ 1.3× the floor's, requests/s ≥ 0.75× the floor's. Every goal prints PASS or MISS;
 * --strict exits 1 on a MISS. Results are merged into bench/results.json under `http` (and
 * `lighthouse`), keeping the other keys.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { signInDemo } from "./demo.mjs";
import { localOrigin } from "./lib/local-origin.mjs";
import { setSessionCookie } from "./lib/devtools-cookie.mjs";
import { BARE_PATH, baselineServeArgs, buildBaseline, DATA_PAGE_COOKIE, DATA_PAGE_PATH, prepareBaselineData } from "./lib/baseline.mjs";
import { benchServers } from "./lib/bench-servers.mjs";
import { requireFreePort, root, run } from "./lib/run.mjs";
import { serveArgs } from "./serve.mjs";

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const DURATION = Math.min(60, Number(option("duration", "8")));
const CONNECTIONS = Math.min(100, Number(option("connections", "10")));
const WARMUP_SECONDS = 2;
const PORT = Number(process.env.BENCH_PORT ?? 8775);
const BASELINE_PORT = Number(process.env.BENCH_BASELINE_PORT ?? 8776);
const INSPECTOR_PORT = Number(process.env.BENCH_INSPECTOR_PORT ?? 8778);
const BASELINE_INSPECTOR_PORT = Number(process.env.BENCH_BASELINE_INSPECTOR_PORT ?? 8779);
const ORIGIN = localOrigin(PORT);
const BASELINE_ORIGIN = localOrigin(BASELINE_PORT);
const RESULTS_FILE = path.join(root, "bench", "results.json");
const STRICT = argv.includes("--strict");
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
// USER_HZ: 100 on every Linux this runs on (sysconf(_SC_CLK_TCK) is not reachable from Node).
const CLOCK_TICKS_PER_SECOND = 100;
// A browser's request: a crawler's User-Agent would make the entry wait for the whole document.
const BROWSER_HEADERS = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
  Accept: "text/html,application/xhtml+xml",
  "Accept-Language": "en",
};

process.env.TESORO_STATE_DIR = ".wrangler/bench-http";

const servers = benchServers();
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => servers.stopAll().then(() => process.exit(130)));

function cannon(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers: { ...BROWSER_HEADERS, ...headers } }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * CPU time (ms) used so far by a process and everything it started (wrangler's workerd processes:
 * its proxy, the Workers and local D1). Linux only (/proc); null elsewhere. Unlike requests/s,
 * server CPU per request hardly moves when the machine is busy, so it shows what a change did.
 */
function processTreeCpuMs(rootPid) {
  if (!rootPid || !existsSync("/proc/self/stat")) return null;
  const parentOf = new Map();
  const cpuOf = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // the process ended while being read
    }
    // The command name (field 2) may hold spaces: the fields that follow it start after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    parentOf.set(Number(entry), Number(fields[1]));
    cpuOf.set(Number(entry), Number(fields[11]) + Number(fields[12])); // utime + stime, in clock ticks
  }
  let ticks = 0;
  for (const pid of cpuOf.keys()) {
    for (let at = pid; at > 1; at = parentOf.get(at) ?? 0) {
      if (at === rootPid) {
        ticks += cpuOf.get(pid);
        break;
      }
    }
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

async function measure(name, url, serverPid, headers = {}) {
  const check = await fetch(url, { headers: { ...BROWSER_HEADERS, ...headers }, redirect: "manual" });
  const bytes = (await check.arrayBuffer()).byteLength;
  if (check.status !== 200) throw new Error(`${name}: ${url} answered ${check.status}, not 200`);
  await cannon(url, headers, WARMUP_SECONDS);
  const cpuBefore = processTreeCpuMs(serverPid);
  const r = await cannon(url, headers, DURATION);
  const cpuAfter = processTreeCpuMs(serverPid);
  const row = {
    name,
    path: new URL(url).pathname,
    htmlBytes: bytes,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requestsPerSecond: r.requests.average,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    serverCpuMsPerRequest: cpuBefore === null || cpuAfter === null || !r.requests.total ? null : Number(((cpuAfter - cpuBefore) / r.requests.total).toFixed(2)),
  };
  console.log(`  measured ${name}: p50 ${row.p50} ms, ${Math.round(row.requestsPerSecond)} req/s, server CPU ${fmt(row.serverCpuMsPerRequest, 2)} ms/request`);
  return row;
}

function readResults() {
  return existsSync(RESULTS_FILE) ? JSON.parse(readFileSync(RESULTS_FILE, "utf8")) : {};
}

function writeResults(key, value) {
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, JSON.stringify({ ...readResults(), [key]: value }, null, 2) + "\n");
}

async function lighthouseScores(targets, cookie) {
  let lighthouse, chromeLauncher;
  try {
    ({ default: lighthouse } = await import("lighthouse"));
    chromeLauncher = await import("chrome-launcher");
  } catch (error) {
    return { error: `lighthouse/chrome-launcher not importable: ${error.message}` };
  }
  if (!existsSync(CHROME_PATH)) return { error: `no Chromium at ${CHROME_PATH} (set CHROME_PATH)` };
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  try {
    const pages = [];
    for (const [name, pagePath, signedIn] of targets) {
      // Signed in: the session cookie in the jar, and Lighthouse told not to clear storage (it would
      // drop the cookie). A Cookie extra header (extraHeaders) was not reliable: in one run the
      // transactions page was redirected to /login while the overview before it was signed in.
      if (signedIn) await setSessionCookie(chrome.port, ORIGIN, cookie);
      const audit = () =>
        lighthouse(ORIGIN + pagePath, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices"],
          disableStorageReset: signedIn,
        });
      let result = await audit();
      let attempts = 1;
      // A trace Lighthouse could not record (NO_NAVSTART, NO_FCP on a busy machine) says nothing
      // about the page: one more run, and the report says how many it took.
      if (result?.lhr?.runtimeError) {
        result = await audit();
        attempts = 2;
      }
      const lhr = result?.lhr;
      if (!lhr) {
        pages.push({ name, path: pagePath, error: "Lighthouse returned no report" });
        continue;
      }
      const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
      pages.push({
        name,
        path: pagePath,
        finalUrl: lhr.finalDisplayedUrl,
        runtimeError: lhr.runtimeError?.message ?? null,
        attempts,
        // What kept a category below 100, so a lower score can be read without rerunning.
        failedAudits: Object.fromEntries(
          ["accessibility", "best-practices"].map((id) => [id, (lhr.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id)]),
        ),
        warnings: lhr.runWarnings,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        fcpMs: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? NaN),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? null,
      });
    }
    return { lighthouseVersion: (await import("lighthouse/package.json", { with: { type: "json" } })).default.version, formFactor: "mobile", pages };
  } finally {
    chrome.kill();
  }
}

const fmt = (n, digits = 0) => (n == null || Number.isNaN(n) ? "—" : n.toFixed(digits));

try {
  if (!existsSync(path.join(root, "build", "server", "index.js")) || argv.includes("--build")) {
    console.log("Building Tesoro…");
    await run("react-router", ["build"], { quiet: true });
  }
  console.log("Building the floors (bench/baseline) if needed…");
  await buildBaseline({ force: argv.includes("--build") });

  if (argv.includes("--bundle") || !readResults().bundle?.designCardJsGzipBytes) {
    console.log("Measuring the bundle (scripts/bench-bundle.mjs)…");
    // On this bench's ports: its servers are stopped before the ones below start.
    const ports = { BENCH_PORT: PORT, BENCH_BASELINE_PORT: BASELINE_PORT, BENCH_INSPECTOR_PORT: INSPECTOR_PORT, BENCH_BASELINE_INSPECTOR_PORT: BASELINE_INSPECTOR_PORT };
    await run(process.execPath, [path.join(root, "scripts", "bench-bundle.mjs")], { quiet: true, env: { ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])), TESORO_STATE_DIR: ".wrangler/bench-state" } });
  }

  // CPU per request is read from the started servers' processes: a stray server would read 0.
  // A few seconds' patience: the bundle bench's servers may still be exiting.
  for (const port of [PORT, BASELINE_PORT]) await requireFreePort(port, 10_000);
  // From an empty database every run: each run adds sessions, sign-ins and idempotency records,
  // and after many runs (181 MB) the overview cost ~20% more CPU than on a fresh one, which made
  // runs on one machine disagree with each other and with a new clone's.
  rmSync(path.join(root, process.env.TESORO_STATE_DIR), { recursive: true, force: true });
  console.log("Seeding .wrangler/bench-http…");
  const { seed } = await import("./seed.mjs");
  await seed([]);
  console.log("Seeding the data-page floor's D1 (.wrangler/bench-baseline)…");
  await prepareBaselineData(".wrangler/bench-baseline");
  // The same command as scripts/serve.mjs (its API Worker told this port's origin), and the
  // floor's two Workers the same way, plus fixed inspector ports inside the bench's range, so
  // wrangler never picks one another process on this machine is about to take.
  const tesoro = servers.start([...serveArgs({ port: String(PORT), persistTo: process.env.TESORO_STATE_DIR }), "--inspector-port", String(INSPECTOR_PORT)]);
  const baseline = servers.start(baselineServeArgs({ port: BASELINE_PORT, inspectorPort: BASELINE_INSPECTOR_PORT, persistTo: ".wrangler/bench-baseline" }));
  await Promise.all([servers.waitFor(`${ORIGIN}/api/v1/health`, tesoro), servers.waitFor(`${BASELINE_ORIGIN}${BARE_PATH}`, baseline)]);

  const { token, cookie } = await signInDemo(ORIGIN);
  const accounts = await fetch(`${ORIGIN}/api/v1/accounts`, { headers: { Authorization: `Bearer ${token}` } });
  if (!accounts.ok) throw new Error(`GET /api/v1/accounts answered ${accounts.status}`);
  const accountId = (await accounts.json()).accounts?.[0]?.id;
  if (!accountId) throw new Error("the demo user has no account to open");
  const signedIn = { Cookie: `tesoro_session=${cookie}` };
  const transactionsPath = `/accounts/${accountId}/transactions`;

  console.log(`\nautocannon: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${DURATION} s per target, loopback, one target at a time`);
  // Client, wrangler and workerd share this machine: a busy machine shows here, not as a hidden skew.
  const machine = { cpus: os.availableParallelism(), loadAverageBefore: os.loadavg().map((n) => Number(n.toFixed(2))) };
  console.log(`machine: ${machine.cpus} CPUs, load average ${machine.loadAverageBefore.join(" ")} before the runs`);
  const bare = await measure("bare page (floor)", `${BASELINE_ORIGIN}${BARE_PATH}`, baseline.child.pid);
  const dataPage = await measure("data page (floor)", `${BASELINE_ORIGIN}${DATA_PAGE_PATH}`, baseline.child.pid, { Cookie: DATA_PAGE_COOKIE });
  const pages = [
    await measure("sign-in /login", `${ORIGIN}/login`, tesoro.child.pid),
    await measure("overview /", `${ORIGIN}/`, tesoro.child.pid, signedIn),
    await measure("transactions", `${ORIGIN}${transactionsPath}`, tesoro.child.pid, signedIn),
  ];
  const rows = [bare, dataPage, ...pages];

  console.log("\nServer latency, throughput and CPU (production builds in local workerd via wrangler dev):");
  console.log("target               HTML KB   p50 ms   p99 ms    req/s  CPU ms/req  non-2xx  errors");
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(20)} ${fmt(r.htmlBytes / 1024, 1).padStart(7)}  ${fmt(r.p50, 1).padStart(7)}  ${fmt(r.p99, 1).padStart(7)}  ${fmt(r.requestsPerSecond).padStart(7)}  ${fmt(r.serverCpuMsPerRequest, 2).padStart(10)}  ${String(r.non2xx).padStart(7)}  ${String(r.errors + r.timeouts).padStart(6)}`,
    );
  }
  console.log("(CPU ms/req: the server's processes (wrangler's workerd: proxy, Workers, local D1) per answered request; /proc only)");
  const ratio = (r, floor, key) => r[key] / floor[key];
  console.log("\nEach page against both floors (× the floor's figure):");
  console.log("                       ── bare page ──────────────────     ── data-page floor ────────────");
  console.log("target                    CPU     p50     p99   req/s         CPU     p50     p99   req/s");
  for (const r of [dataPage, ...pages]) {
    const cells = (floor) => ["serverCpuMsPerRequest", "p50", "p99", "requestsPerSecond"].map((key) => `${fmt(ratio(r, floor, key), 2)}×`.padStart(7)).join(" ");
    console.log(`${r.name.padEnd(20)}  ${cells(bare)}     ${r === dataPage ? "" : cells(dataPage)}`);
  }
  const goals = [];
  for (const r of pages.slice(1)) {
    const clean = r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
    const cpu = ratio(r, dataPage, "serverCpuMsPerRequest");
    goals.push({ goal: `${r.name} CPU/req ≤ 1.3× data page`, ratio: cpu, pass: clean && cpu <= 1.3 });
    goals.push({ goal: `${r.name} p50 ≤ 1.3× data page`, ratio: ratio(r, dataPage, "p50"), pass: clean && r.p50 <= 1.3 * dataPage.p50 });
    goals.push({ goal: `${r.name} req/s ≥ 0.75× data page`, ratio: ratio(r, dataPage, "requestsPerSecond"), pass: clean && r.requestsPerSecond >= 0.75 * dataPage.requestsPerSecond });
  }
  console.log("\nGoals (issue 39, against the data-page floor):");
  for (const g of goals) console.log(`  ${g.pass ? "PASS" : "MISS"}  ${g.goal.padEnd(40)} (${Number.isNaN(g.ratio) ? "—" : g.ratio.toFixed(2)}×)`);
  if (rows.some((r) => r.non2xx || r.errors || r.timeouts)) console.log("  note: a target had non-2xx answers, errors or timeouts; its goals count as MISS");
  if (STRICT && goals.some((g) => !g.pass)) process.exitCode = 1;
  writeResults("http", {
    measuredAt: new Date().toISOString(),
    tool: "autocannon",
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    durationSeconds: DURATION,
    server: "wrangler dev (local workerd), production build",
    machine: { ...machine, loadAverageAfter: os.loadavg().map((n) => Number(n.toFixed(2))) },
    floors: { bare: bare.path, dataPage: dataPage.path },
    targets: rows,
    goals,
  });

  const bundle = readResults().bundle;
  console.log("\nFirst-visit bundle (gzip -6, from bench/results.json, scripts/bench-bundle.mjs):");
  if (!bundle?.designCardJsGzipBytes) console.log("  not measured against both floors (run npm run bench:bundle)");
  else {
    console.log(`  measured ${bundle.measuredAt}; bare RR8 ${fmt(bundle.bareReactRouterJsGzipBytes / 1024, 1)} KB JS, design card ${fmt(bundle.designCardJsGzipBytes / 1024, 1)} KB JS (bench/baseline)`);
    for (const p of bundle.pages) {
      console.log(
        `  ${p.path.padEnd(8)} JS ${fmt(p.jsGzipBytes / 1024, 1).padStart(6)} KB in ${String(p.jsFiles).padStart(2)} files (${fmt(p.jsGzipBytes / bundle.bareReactRouterJsGzipBytes, 2)}× bare, ${fmt(p.jsGzipBytes / bundle.designCardJsGzipBytes, 2)}× design card)   CSS ${fmt(p.cssGzipBytes / 1024, 1)} KB in ${p.cssFiles} files`,
      );
    }
  }

  const ledger = readResults().ledger;
  console.log("\nLedger at scale (p50 ms, from bench/results.json, npm run bench:ledger):");
  if (!ledger) console.log("  not measured (run npm run bench:ledger)");
  else {
    const sizes = [...ledger.sizes].sort((a, b) => a - b);
    const small = String(sizes[0]);
    const large = String(sizes.at(-1));
    console.log(`  measured ${ledger.measuredAt}; ${Number(small).toLocaleString("en")} → ${Number(large).toLocaleString("en")} rows`);
    for (const name of Object.keys(ledger.p50AndP95Ms[large] ?? {})) {
      const a = ledger.p50AndP95Ms[small]?.[name]?.p50;
      const b = ledger.p50AndP95Ms[large][name].p50;
      console.log(`  ${name.padEnd(24)} ${fmt(a, 1).padStart(7)} → ${fmt(b, 1).padStart(7)}   ×${fmt(b / a, 2)}`);
    }
    if (ledger.ssrOverSignIn != null) console.log(`  SSR transactions / SSR sign-in at ${Number(large).toLocaleString("en")} rows: ×${fmt(ledger.ssrOverSignIn, 2)} (goal ≤ 2)`);
  }

  if (argv.includes("--lighthouse")) {
    console.log(`\nLighthouse (mobile emulation, simulated throttling, ${CHROME_PATH} --headless=new)…`);
    let report;
    try {
      report = await lighthouseScores(
        [
          ["sign-in", "/login", false],
          ["overview", "/", true],
          ["transactions", transactionsPath, true],
        ],
        cookie,
      );
    } catch (error) {
      report = { error: `Lighthouse failed: ${error?.stack ?? error}` };
    }
    if (report.error) console.log(`  could not run: ${report.error}`);
    else {
      console.log(`  lighthouse ${report.lighthouseVersion}`);
      console.log("  page          performance  accessibility  best-practices   FCP ms   LCP ms   TBT ms    CLS");
      for (const p of report.pages) {
        if (p.error || p.runtimeError) {
          console.log(`  ${p.name.padEnd(13)} error: ${p.error ?? p.runtimeError}`);
          continue;
        }
        console.log(`  ${p.name.padEnd(13)} ${fmt(p.performance).padStart(11)}  ${fmt(p.accessibility).padStart(13)}  ${fmt(p.bestPractices).padStart(14)}  ${fmt(p.fcpMs).padStart(7)}  ${fmt(p.lcpMs).padStart(7)}  ${fmt(p.tbtMs).padStart(7)}  ${fmt(p.cls, 3).padStart(5)}`);
        if (p.finalUrl !== ORIGIN + p.path) console.log(`    note: ended on ${p.finalUrl}`);
        if (p.attempts > 1) console.log(`    note: ${p.attempts} runs (the first could not record a trace)`);
        for (const [category, audits] of Object.entries(p.failedAudits ?? {})) if (audits.length) console.log(`    ${category} below 100: ${audits.join(", ")}`);
        for (const w of p.warnings ?? []) console.log(`    warning: ${w}`);
      }
    }
    writeResults("lighthouse", { measuredAt: new Date().toISOString(), ...report });
  }
  console.log(`\nWritten to ${path.relative(root, RESULTS_FILE)}`);
} finally {
  await servers.stopAll();
}
