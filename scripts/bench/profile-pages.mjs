#!/usr/bin/env node
/**
 * CPU profile, by function, of server-side rendering of the overview and a transactions page
 * (issue 39: where a page misses its 1.3× goal, say where the time goes). Serves the production
 * build as `npm run bench` does (.wrangler/bench-http, seeded by the bench: run `npm run bench`
 * first), attaches to each Worker over wrangler's inspector (the DevTools protocol of workerd),
 * records a CPU profile while REQUESTS sequential requests hit one page, and prints the top
 * functions by self time for the app Worker and the API Worker (workerd's own inspector, which
 * lists every Worker; wrangler's --inspector-port proxies only one).
 *
 *   npm run bench:profile [-- --requests 200 --top 25]   (the project's Node 24: Node 20 has no global WebSocket)
 *
 * Port: PROFILE_PORT (8824), inspector PROFILE_INSPECTOR_PORT (8825). Profiles are written to
 * bench/profiles/<page>-<worker>.cpuprofile (gitignored with bench/results.json's folder rules:
 * open them in Chrome DevTools → Performance, or speedscope).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { signInDemo } from "../demo.mjs";
import { benchServers } from "../lib/bench-servers.mjs";
import { localOrigin } from "../lib/local-origin.mjs";
import { requireFreePort, root, run } from "../lib/run.mjs";
import { DEMO_PEN_ACCOUNT } from "../seed-ledger.mjs";
import { serveArgs } from "../serve.mjs";

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const REQUESTS = Number(option("requests", "200"));
const TOP = Number(option("top", "25"));
const PORT = Number(process.env.PROFILE_PORT ?? 8824);
const INSPECTOR_PORT = Number(process.env.PROFILE_INSPECTOR_PORT ?? 8825);
const ORIGIN = localOrigin(PORT);
const STATE = process.env.TESORO_STATE_DIR ?? ".wrangler/bench-http";
const SS = existsSync("/usr/bin/ss") ? "/usr/bin/ss" : "/bin/ss";
const BROWSER = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36", Accept: "text/html", "Accept-Language": "en" };

/** A minimal DevTools client over one WebSocket. */
async function connect(url) {
  // wrangler's inspector proxy admits DevTools origins and loopback only (it refuses a missing Origin).
  const socket = new WebSocket(url, { headers: { Origin: "http://127.0.0.1" } });
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error(`no DevTools connection to ${url}`));
  });
  let nextId = 1;
  const waiting = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    const entry = waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id);
    if (message.error) entry.reject(new Error(message.error.message));
    else entry.resolve(message.result);
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
      setTimeout(() => waiting.delete(id) && reject(new Error(`${method}: no answer in 20 s`)), 20_000);
    });
  return { send, close: () => socket.close() };
}

/**
 * Self time per function from a V8 CPU profile, by samples: workerd records no "(idle)" samples
 * between requests, so a sample's time delta may hold a long idle gap; each sample is counted as
 * one sampling interval (the median delta) instead.
 */
export function selfTimeByFunction(profile) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const deltas = [...profile.timeDeltas].sort((a, b) => a - b);
  const intervalUs = deltas[Math.floor(deltas.length / 2)] ?? 0;
  const byFunction = new Map();
  let samples = 0;
  for (const id of profile.samples) {
    const frame = byNode.get(id).callFrame;
    if (frame.functionName === "(idle)") continue;
    const file = frame.url ? frame.url.split("/").slice(-2).join("/") : "";
    const key = `${frame.functionName || "(anonymous)"}  ${file}${file ? `:${frame.lineNumber + 1}` : ""}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + 1);
    samples += 1;
  }
  return { intervalUs, busyMs: (samples * intervalUs) / 1000, rows: [...byFunction].map(([fn, n]) => ({ fn, ms: (n * intervalUs) / 1000, share: n / samples })).sort((a, b) => b.ms - a.ms) };
}

/** Pids of a process and everything it started (/proc). */
function processTree(rootPid) {
  const parentOf = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      /* ended meanwhile */
    }
  }
  return new Set([...parentOf.keys()].filter((pid) => {
    for (let at = pid; at > 1; at = parentOf.get(at) ?? 0) if (at === rootPid) return true;
    return false;
  }));
}

/**
 * The inspector targets of this serve's workerd itself (one per Worker: the app and the API),
 * found among the loopback ports its processes listen on. wrangler's own inspector port proxies
 * one Worker only.
 */
async function workerdTargets(rootPid) {
  const pids = processTree(rootPid);
  const ss = await run(SS, ["-ltnpH"], { quiet: true });
  const ports = ss
    .split("\n")
    .filter((line) => [...line.matchAll(/pid=(\d+)/g)].some((m) => pids.has(Number(m[1]))))
    .map((line) => Number(line.match(/127\.0\.0\.1:(\d+)/)?.[1]))
    .filter(Boolean);
  for (const port of ports) {
    const list = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(1500) })
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null);
    if (Array.isArray(list) && list.some((t) => String(t.id ?? "").includes("core:user"))) {
      // miniflare's own helper Workers are not the app's.
      return list.filter((t) => String(t.id).includes("core:user") && !String(t.id).includes("miniflare")).map((t) => ({ title: t.id.replace(/^.*core:user:/, ""), webSocketDebuggerUrl: t.webSocketDebuggerUrl ?? `ws://127.0.0.1:${port}/${t.id}` }));
    }
  }
  return null;
}

const servers = benchServers();
try {
  await requireFreePort(PORT, 10_000);
  const server = servers.start([...serveArgs({ port: String(PORT), persistTo: STATE }), "--inspector-port", String(INSPECTOR_PORT)]);
  await servers.waitFor(`${ORIGIN}/api/v1/health`, server);
  const { cookie } = await signInDemo(ORIGIN);
  const headers = { ...BROWSER, Cookie: `tesoro_session=${cookie}` };
  const targets = (await workerdTargets(server.child.pid)) ?? (await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json`)).json());
  console.log(`inspector targets: ${targets.map((t) => t.title ?? t.id).join(", ")}`);
  const pages = [
    ["overview", `${ORIGIN}/`],
    ["transactions", `${ORIGIN}/accounts/${DEMO_PEN_ACCOUNT}/transactions`],
  ];
  const report = {};
  mkdirSync(path.join(root, "bench", "profiles"), { recursive: true });
  for (const [name, url] of pages) {
    for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm
    const sessions = [];
    for (const target of targets) {
      const client = await connect(target.webSocketDebuggerUrl);
      try {
        await client.send("Profiler.enable");
      } catch (error) {
        console.log(`  ${target.title} (${target.webSocketDebuggerUrl}): ${error.message}; not profiled`);
        client.close();
        continue;
      }
      await client.send("Profiler.setSamplingInterval", { interval: 100 }).catch(() => {});
      await client.send("Profiler.start");
      sessions.push({ target, client });
    }
    const t0 = performance.now();
    for (let i = 0; i < REQUESTS; i++) {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
    }
    const wallMs = performance.now() - t0;
    report[name] = { requests: REQUESTS, wallMsPerRequest: wallMs / REQUESTS, workers: {} };
    console.log(`\n${name}: ${REQUESTS} sequential requests, ${(wallMs / REQUESTS).toFixed(1)} ms each (wall, shared machine)`);
    for (const { target, client } of sessions) {
      const { profile } = await client.send("Profiler.stop");
      client.close();
      const worker = (target.title ?? target.id).replace(/[^a-z0-9_-]+/gi, "_");
      writeFileSync(path.join(root, "bench", "profiles", `${name}-${worker}.cpuprofile`), JSON.stringify(profile));
      const { busyMs, intervalUs, rows } = selfTimeByFunction(profile);
      report[name].workers[worker] = { busyMsPerRequest: busyMs / REQUESTS, samplingIntervalUs: intervalUs, top: rows.slice(0, TOP) };
      console.log(`  ${worker}: ~${(busyMs / REQUESTS).toFixed(2)} ms of samples per request (interval ~${intervalUs} µs; profiler overhead included)`);
      for (const r of report[name].workers[worker].top) console.log(`    ${((r.ms / REQUESTS) * 1000).toFixed(0).padStart(6)} µs/req  ${(r.share * 100).toFixed(1).padStart(5)}%  ${r.fn}`);
    }
  }
  writeFileSync(path.join(root, "bench", "profiles", "summary.json"), JSON.stringify({ measuredAt: new Date().toISOString(), report }, null, 2));
} finally {
  await servers.stopAll();
}
