#!/usr/bin/env node
/**
 * `npm run bench:soak` (not part of `npm test`): a bounded loopback soak of the production build
 * (issue 39, ADRs 061 and 069). USERS simulated users (created up front in a fresh local D1, each
 * with one PEN account) loop until the time is up. A closed loop (ADR 069): each user sends one
 * request, waits for its answer, then thinks for a while (uniform THINK_MS/2 … 3·THINK_MS/2, mean
 * THINK_MS) before the next, as people do; so the load is at most USERS ÷ THINK_MS, and a queue
 * can never hold more than USERS requests. Each user's steps:
 *   the account's transactions page (SSR, signed in) · the overview page (SSR) · a new transaction
 *   (API, Idempotency-Key) · sometimes an edit of one of theirs (PATCH, with updatedAt) or a delete.
 * Prints per minute: requests, errors, p50/p99, offered vs served rate, requests in flight and the
 * load average; per request kind per minute p50/p99 (a route whose cost grows with the rows
 * written shows there alone); then the final checks: for every account, the balance the API gives
 * = the sum of its transactions listed by the API (every page) = the sum the soak itself expects
 * from what it wrote. Goals: 0 errors, 0 mismatches, last minute's p99 ≤ 1.2× the first's; a
 * verdict line per goal, and a warning when the server was saturated (served well under offered:
 * then p99 measures the queue and the machine's other work, not the app). Results merged into
 * bench/results.json under `soak`.
 *
 *   npm run bench:soak                                   10 minutes, 50 users, 5 s mean think time
 *   npm run bench:soak -- --minutes 3 --users 50 --think 5000
 *   npm run bench:soak -- --prefill 60                    rows per account before the clock starts (ADR 073)
 *
 * Port: SOAK_PORT (8821), loopback. State: .wrangler/soak, deleted at the start of every run.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchServers } from "./lib/bench-servers.mjs";
import { localOrigin } from "./lib/local-origin.mjs";
import { requireFreePort, root, run } from "./lib/run.mjs";
import { serveArgs } from "./serve.mjs";
import { processTreeUsage } from "./bench/soak/server-cpu.mjs";
import { perKindPerMinute, perMinute, printPerKind, printPerMinute } from "./bench/soak/report.mjs";

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const MINUTES = Math.max(1, Math.min(120, Number(option("minutes", "10"))));
const USERS = Math.max(1, Math.min(200, Number(option("users", "50"))));
/** Mean think time between a user's answer and their next request: someone reading a page or typing a transaction. */
const THINK_MS = Math.max(100, Number(option("think", "5000")));
// Rows each account holds before the clock starts: more than a page (50), so pages are full from minute one.
const PREFILL = Math.max(0, Math.min(500, Number(option("prefill", "60"))));
/** Served under this share of offered: users spent their time waiting on the server, not thinking. */
const SATURATED_BELOW = 0.9;
const PORT = Number(process.env.SOAK_PORT ?? 8821);
const ORIGIN = localOrigin(PORT);
const STATE = path.join(".wrangler", "soak");
const PASSWORD = "Soak-password-2026-lima";
const RESULTS_FILE = path.join(root, "bench", "results.json");
const BROWSER = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36", Accept: "text/html", "Accept-Language": "en" };

process.env.TESORO_STATE_DIR = STATE;
const servers = benchServers();
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => servers.stopAll().then(() => process.exit(130)));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const today = () => new Date().toISOString().slice(0, 10);

/** The users, straight into D1 with the same hash format as sign-up (scripts/user-create.mjs). */
async function createUsers() {
  const { migrateLocal, executeLocal, lit } = await import("./lib/d1.mjs");
  const { hashPassword } = await import("./lib/password.mjs");
  await migrateLocal();
  const hash = hashPassword(PASSWORD); // one hash for all: each user's own salt would only cost time here
  const now = Date.now();
  const users = Array.from({ length: USERS }, (_, i) => ({ id: crypto.randomUUID(), email: `soak${i}@tesoro.local` }));
  await executeLocal(
    users
      .map((u, i) => `INSERT INTO users (id, email, email_normalized, name, password_hash, locale, created_at, updated_at) VALUES (${lit(u.id)}, ${lit(u.email)}, ${lit(u.email)}, ${lit(`Soak ${i}`)}, ${lit(hash)}, 'en', ${now}, ${now});`)
      .join("\n"),
  );
  return users;
}

const samples = []; // { at (ms since start), ms, kind, ok }
const errors = [];
const loadBySecond = []; // { at, load1, cpuMs, rssMb }: the machine's 1-minute load average and the server's CPU used so far and memory, every 5 s
let startedAt = 0;

/** One timed request; a non-2xx answer or a network error counts as an error (with its reason kept). */
async function timed(kind, url, init = {}) {
  const t0 = performance.now();
  let response;
  let body;
  try {
    response = await fetch(url, { redirect: "manual", ...init });
    body = (response.headers.get("content-type") ?? "").includes("json") ? await response.json() : await response.text();
  } catch (error) {
    body = String(error);
  }
  const ms = performance.now() - t0;
  const ok = Boolean(response && response.status >= 200 && response.status < 300);
  samples.push({ at: t0 - startedAt, ms, kind, ok });
  if (!ok) errors.push({ kind, status: response?.status ?? null, at: Math.round((t0 - startedAt) / 1000), detail: typeof body === "string" ? body.slice(0, 200) : JSON.stringify(body).slice(0, 200) });
  return { ok, status: response?.status, body };
}

async function signIn(user) {
  const response = await fetch(`${ORIGIN}/api/v1/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
    body: JSON.stringify({ email: user.email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${user.email}: ${response.status} ${await response.text()}`);
  const { token } = await response.json();
  const api = { Authorization: `Bearer ${token}` };
  const created = await fetch(`${ORIGIN}/api/v1/accounts`, {
    method: "POST",
    headers: { ...api, "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
    body: JSON.stringify({ name: "Soak account", type: "checking", currency: "PEN" }),
  });
  if (!created.ok) throw new Error(`account of ${user.email}: ${created.status} ${await created.text()}`);
  const { account } = await created.json();
  // A full first page before the clock starts (ADR 069): otherwise the transactions page grows
  // from a few rows to 50 during the run, and p99 over time measures the page filling up.
  const mine = [];
  let expectedMinor = 0;
  for (let i = 0; i < PREFILL; i++) {
    const minor = randomMinor();
    const date = new Date(Date.now() - (1 + (i % 60)) * 86_400_000).toISOString().slice(0, 10);
    const r = await fetch(`${ORIGIN}/api/v1/accounts/${account.id}/transactions`, newTransaction(api, { date, description: `Before ${i}`, minor }));
    if (!r.ok) throw new Error(`prefill of ${user.email}: ${r.status} ${await r.text()}`);
    const { transaction } = await r.json();
    mine.push({ id: transaction.id, minor, updatedAt: transaction.updatedAt });
    expectedMinor += minor;
  }
  const page = { ...BROWSER, Cookie: `tesoro_session=${Buffer.from(JSON.stringify(token)).toString("base64")}` };
  // Warm before the clock starts: the first minute would otherwise hold workerd's cold start and
  // make "the last minute within 1.2× of the first" pass for the wrong reason.
  for (const warm of [`/accounts/${account.id}/transactions`, "/"]) await (await fetch(ORIGIN + warm, { headers: page })).arrayBuffer();
  return { ...user, api, page, accountId: account.id, expectedMinor, mine };
}

const minorText = (minor) => `${minor < 0 ? "-" : ""}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, "0")}`;
const randomMinor = () => (Math.random() < 0.8 ? -1 : 1) * (100 + Math.floor(Math.random() * 50_000));

/** The request that adds one transaction (prefill and the soak's own writes alike). */
const newTransaction = (api, { date, description, minor }) => ({
  method: "POST",
  headers: { ...api, "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
  body: JSON.stringify({ date, description, amount: minorText(minor) }),
});

async function userLoop(user, deadline) {
  const json = { ...user.api, "Content-Type": "application/json" };
  let step = 0;
  while (performance.now() < deadline) {
    await sleep(THINK_MS / 2 + Math.random() * THINK_MS);
    if (performance.now() >= deadline) break;
    const roll = Math.random();
    if (step % 4 === 0) await timed("page transactions", `${ORIGIN}/accounts/${user.accountId}/transactions`, { headers: user.page });
    else if (step % 4 === 1) await timed("page overview", `${ORIGIN}/`, { headers: user.page });
    else if (step % 4 === 2 || user.mine.length === 0 || roll < 0.6) {
      const minor = randomMinor();
      const r = await timed("POST transaction", `${ORIGIN}/api/v1/accounts/${user.accountId}/transactions`, newTransaction(user.api, { date: today(), description: `Soak ${step}`, minor }));
      if (r.ok) {
        user.expectedMinor += minor;
        user.mine.push({ id: r.body.transaction.id, minor, updatedAt: r.body.transaction.updatedAt });
      }
    } else if (roll < 0.85) {
      const t = user.mine[Math.floor(Math.random() * user.mine.length)];
      const minor = randomMinor();
      const r = await timed("PATCH transaction", `${ORIGIN}/api/v1/transactions/${t.id}`, {
        method: "PATCH",
        headers: { ...json, "Idempotency-Key": crypto.randomUUID() },
        body: JSON.stringify({ amount: minorText(minor), updatedAt: t.updatedAt }),
      });
      if (r.ok) {
        user.expectedMinor += minor - t.minor;
        t.minor = minor;
        t.updatedAt = r.body.transaction.updatedAt;
      }
    } else {
      const index = Math.floor(Math.random() * user.mine.length);
      const t = user.mine[index];
      const r = await timed("DELETE transaction", `${ORIGIN}/api/v1/transactions/${t.id}`, { method: "DELETE", headers: { ...user.api, "Idempotency-Key": crypto.randomUUID() } });
      if (r.ok) {
        user.expectedMinor -= t.minor;
        user.mine.splice(index, 1);
      }
    }
    step += 1;
  }
}

/** Balance from the API, the sum of every listed transaction (all pages), and the soak's own sum. */
async function balanceCheck(user) {
  const account = await (await fetch(`${ORIGIN}/api/v1/accounts/${user.accountId}`, { headers: user.api })).json();
  let listedMinor = 0;
  let listed = 0;
  let cursor = null;
  do {
    const url = `${ORIGIN}/api/v1/accounts/${user.accountId}/transactions?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const response = await fetch(url, { headers: user.api });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    const page = await response.json();
    for (const t of page.transactions) listedMinor += t.amountMinor;
    listed += page.transactions.length;
    cursor = page.nextCursor;
  } while (cursor);
  const balanceMinor = account.account.balanceMinor;
  return { email: user.email, balanceMinor, listedMinor, expectedMinor: user.expectedMinor, listed, kept: user.mine.length, match: balanceMinor === listedMinor && listedMinor === user.expectedMinor && listed === user.mine.length };
}

try {
  if (!existsSync(path.join(root, "build", "server", "index.js"))) {
    console.log("Building…");
    await run("react-router", ["build"], { quiet: true });
  }
  await requireFreePort(PORT, 10_000);
  rmSync(path.join(root, STATE), { recursive: true, force: true });
  console.log(`Creating ${USERS} users in a fresh ${STATE}…`);
  const users = await createUsers();
  const server = servers.start(serveArgs({ port: String(PORT), persistTo: STATE }));
  await servers.waitFor(`${ORIGIN}/api/v1/health`, server);
  // Signed in a few at a time: the sign-in throttle allows 100 a minute per network (ADR 004).
  const ready = [];
  for (let i = 0; i < users.length; i += 10) ready.push(...(await Promise.all(users.slice(i, i + 10).map(signIn))));
  const machine = { cpus: os.availableParallelism(), loadAverageBefore: os.loadavg().map((n) => Number(n.toFixed(2))) };
  console.log(`machine: ${machine.cpus} CPUs, load average ${machine.loadAverageBefore.join(" ")} (shared machine: other work runs beside the soak)`);
  console.log(`Soaking ${MINUTES} min: ${USERS} users in a closed loop, think time ${THINK_MS / 2}–${(3 * THINK_MS) / 2} ms (mean ${THINK_MS}) after each answer, so at most ${(USERS / (THINK_MS / 1000)).toFixed(1)} requests/s offered; ${ORIGIN}…`);
  startedAt = performance.now();
  const deadline = startedAt + MINUTES * 60_000;
  const sample = () => loadBySecond.push({ at: performance.now() - startedAt, load1: os.loadavg()[0], ...processTreeUsage(server.child.pid) });
  sample();
  const sampler = setInterval(sample, 5_000);
  const ticker = setInterval(() => {
    const now = performance.now() - startedAt;
    const these = samples.filter((s) => s.at >= now - 30_000);
    process.stdout.write(`  … ${Math.round(now / 1000)} s: ${(these.length / 30).toFixed(1)} requests/s in the last 30 s, ${errors.length} errors in all, load average ${os.loadavg()[0].toFixed(2)}\n`);
  }, 30_000);
  await Promise.all(ready.map((u) => userLoop(u, deadline)));
  clearInterval(ticker);
  clearInterval(sampler);
  sample();

  const minutes = perMinute(samples, { minutes: MINUTES, users: USERS, meanThinkMs: THINK_MS, loadBySecond });
  printPerMinute(minutes);
  const kinds = perKindPerMinute(samples, MINUTES);
  printPerKind(kinds, MINUTES);

  console.log("\nFinal balance checks (API balance = sum of listed transactions = the soak's own sum)…");
  const checks = [];
  for (const u of ready) checks.push(await balanceCheck(u));
  const mismatches = checks.filter((c) => !c.match);
  for (const c of mismatches) console.log(`  MISMATCH ${c.email}: balance ${c.balanceMinor}, listed ${c.listedMinor} (${c.listed} rows), expected ${c.expectedMinor} (${c.kept} rows)`);
  console.log(`  ${checks.length} accounts checked, ${mismatches.length} mismatches, ${checks.reduce((n, c) => n + c.listed, 0)} transactions in all`);

  // Not a goal but what the p99 goal means: in a closed loop served = users ÷ (think + response
  // time), so served well under offered says the users waited on a queue (ADR 069).
  const offered = minutes[0]?.offeredPerSecond ?? 0;
  const served = samples.length / (MINUTES * 60);
  const saturatedMinutes = minutes.filter((m) => m.servedPerSecond < SATURATED_BELOW * m.offeredPerSecond).map((m) => m.minute);
  const loadAfter = os.loadavg().map((n) => Number(n.toFixed(2)));
  console.log(`\nLoad: offered ${offered.toFixed(1)} requests/s (${USERS} users, mean think ${THINK_MS} ms), served ${served.toFixed(1)}/s (${((100 * served) / offered).toFixed(0)}%); load average before ${machine.loadAverageBefore.join(" ")}, after ${loadAfter.join(" ")}`);
  if (saturatedMinutes.length) {
    console.log(
      `  SATURATED in minute${saturatedMinutes.length > 1 ? "s" : ""} ${saturatedMinutes.join(", ")}: served under ${SATURATED_BELOW * 100}% of offered, users waited on the server's queue; p99 there measures the queue and the machine's other work, not the app. Rerun on a quieter machine (or with a longer --think).`,
    );
  }
  const first = minutes[0]?.p99;
  const last = minutes.at(-1)?.p99;
  // A saturated first or last minute compares queues, not the app: the ratio passes or misses by
  // what else the machine ran then, so it is no verdict (and the run exits 1: goal not shown).
  const saturatedEnds = [1, MINUTES].filter((m, i, all) => all.indexOf(m) === i && saturatedMinutes.includes(m));
  const goals = [
    { goal: "0 errors", value: errors.length, pass: errors.length === 0 },
    { goal: "0 balance mismatches", value: mismatches.length, pass: mismatches.length === 0 },
    {
      goal: "last minute p99 ≤ 1.2× the first's",
      value: first && last ? Number((last / first).toFixed(2)) : null,
      pass: MINUTES < 2 || saturatedEnds.length ? null : Boolean(first && last && last <= 1.2 * first),
      ...(MINUTES < 2 ? { why: "one minute: nothing to compare" } : saturatedEnds.length ? { why: `minute ${saturatedEnds.join(" and ")} saturated: rerun on a quieter machine` } : {}),
    },
  ];
  console.log("\nVerdict (issue 39):");
  for (const g of goals) console.log(`  ${g.pass === null ? "NO VERDICT" : g.pass ? "PASS" : "MISS"}  ${g.goal}: ${g.value}${g.why ? ` (${g.why})` : ""}`);
  if (errors.length) {
    console.log("\nFirst errors:");
    for (const e of errors.slice(0, 10)) console.log(`  ${e.at} s  ${e.kind}  ${e.status}  ${e.detail}`);
  }
  const result = {
    measuredAt: new Date().toISOString(),
    minutes: MINUTES,
    users: USERS,
    loadModel: "closed loop: each user waits for the answer, then thinks (ADR 069)",
    thinkMs: [THINK_MS / 2, (3 * THINK_MS) / 2],
    offeredPerSecond: Number(offered.toFixed(2)),
    servedPerSecond: Number(served.toFixed(2)),
    saturatedMinutes,
    server: "wrangler dev (local workerd), production build",
    machine: { ...machine, loadAverageAfter: loadAfter },
    requests: samples.length,
    errors: errors.length,
    firstErrors: errors.slice(0, 20),
    perMinute: minutes,
    perKind: kinds,
    accountsChecked: checks.length,
    mismatches: mismatches.length,
    goals,
  };
  const previous = existsSync(RESULTS_FILE) ? JSON.parse(readFileSync(RESULTS_FILE, "utf8")) : {};
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, JSON.stringify({ ...previous, soak: result }, null, 2) + "\n");
  console.log(`\nWritten to ${path.relative(root, RESULTS_FILE)} (key "soak")`);
  if (goals.some((g) => g.pass !== true)) process.exitCode = 1;
} finally {
  await servers.stopAll();
}
