#!/usr/bin/env node
/**
 * `npm run bench:soak` (not part of `npm test`): a bounded loopback soak of the production build
 * (issue 39, ADR 061). USERS simulated users (created up front in a fresh local D1, each with one
 * PEN account) loop until the time is up, each step after a short random pause (THINK_MS, so the
 * load is many people using the app, not a flood):
 *   the account's transactions page (SSR, signed in) · the overview page (SSR) · a new transaction
 *   (API, Idempotency-Key) · sometimes an edit of one of theirs (PATCH, with updatedAt) or a delete.
 * Prints per minute: requests, errors, p50/p99; then the final checks: for every account, the
 * balance the API gives = the sum of its transactions listed by the API (every page) = the sum the
 * soak itself expects from what it wrote. Goals: 0 errors, 0 mismatches, last minute's p99 ≤ 1.2×
 * the first's. Results merged into bench/results.json under `soak`.
 *
 *   npm run bench:soak                       10 minutes, 50 users
 *   npm run bench:soak -- --minutes 2 --users 50
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

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const MINUTES = Math.max(1, Math.min(120, Number(option("minutes", "10"))));
const USERS = Math.max(1, Math.min(200, Number(option("users", "50"))));
const THINK_MS = Math.max(0, Number(option("think", "300")));
const PORT = Number(process.env.SOAK_PORT ?? 8821);
const ORIGIN = localOrigin(PORT);
const STATE = path.join(".wrangler", "soak");
const PASSWORD = "Soak-password-2026-lima";
const RESULTS_FILE = path.join(root, "bench", "results.json");
const BROWSER = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36", Accept: "text/html", "Accept-Language": "en" };

process.env.TESORO_STATE_DIR = STATE;
const servers = benchServers();
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => servers.stopAll().then(() => process.exit(130)));

const percentile = (values, p) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
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
  const page = { ...BROWSER, Cookie: `tesoro_session=${Buffer.from(JSON.stringify(token)).toString("base64")}` };
  // Warm before the clock starts: the first minute would otherwise hold workerd's cold start and
  // make "the last minute within 1.2× of the first" pass for the wrong reason.
  for (const warm of [`/accounts/${account.id}/transactions`, "/"]) await (await fetch(ORIGIN + warm, { headers: page })).arrayBuffer();
  return { ...user, api, page, accountId: account.id, expectedMinor: 0, mine: [] };
}

const minorText = (minor) => `${minor < 0 ? "-" : ""}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, "0")}`;
const randomMinor = () => (Math.random() < 0.8 ? -1 : 1) * (100 + Math.floor(Math.random() * 50_000));

async function userLoop(user, deadline) {
  const json = { ...user.api, "Content-Type": "application/json" };
  let step = 0;
  while (performance.now() < deadline) {
    await sleep(Math.random() * 2 * THINK_MS);
    if (performance.now() >= deadline) break;
    const roll = Math.random();
    if (step % 4 === 0) await timed("page transactions", `${ORIGIN}/accounts/${user.accountId}/transactions`, { headers: user.page });
    else if (step % 4 === 1) await timed("page overview", `${ORIGIN}/`, { headers: user.page });
    else if (step % 4 === 2 || user.mine.length === 0 || roll < 0.6) {
      const minor = randomMinor();
      const r = await timed("POST transaction", `${ORIGIN}/api/v1/accounts/${user.accountId}/transactions`, {
        method: "POST",
        headers: { ...json, "Idempotency-Key": crypto.randomUUID() },
        body: JSON.stringify({ date: today(), description: `Soak ${step}`, amount: minorText(minor) }),
      });
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
  console.log(`Soaking ${MINUTES} min: ${USERS} users, pause 0–${2 * THINK_MS} ms between steps, ${ORIGIN}…`);
  startedAt = performance.now();
  const deadline = startedAt + MINUTES * 60_000;
  const ticker = setInterval(() => {
    const minute = Math.floor((performance.now() - startedAt) / 60_000);
    const these = samples.filter((s) => Math.floor(s.at / 60_000) === minute);
    process.stdout.write(`  … minute ${minute + 1}: ${these.length} requests so far, ${errors.length} errors in all\n`);
  }, 30_000);
  await Promise.all(ready.map((u) => userLoop(u, deadline)));
  clearInterval(ticker);

  const minutes = [];
  for (let m = 0; m < MINUTES; m++) {
    const these = samples.filter((s) => Math.floor(s.at / 60_000) === m);
    const ms = these.map((s) => s.ms);
    minutes.push({ minute: m + 1, requests: these.length, errors: these.filter((s) => !s.ok).length, p50: percentile(ms, 50), p99: percentile(ms, 99) });
  }
  console.log("\nminute  requests  errors   p50 ms   p99 ms");
  for (const m of minutes) console.log(`${String(m.minute).padStart(6)}  ${String(m.requests).padStart(8)}  ${String(m.errors).padStart(6)}  ${(m.p50 ?? NaN).toFixed(1).padStart(7)}  ${(m.p99 ?? NaN).toFixed(1).padStart(7)}`);
  const kinds = [...new Set(samples.map((s) => s.kind))].map((kind) => {
    const ms = samples.filter((s) => s.kind === kind).map((s) => s.ms);
    return { kind, requests: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99) };
  });
  console.log("\nrequest kind          requests   p50 ms   p99 ms");
  for (const k of kinds) console.log(`${k.kind.padEnd(20)}  ${String(k.requests).padStart(8)}  ${k.p50.toFixed(1).padStart(7)}  ${k.p99.toFixed(1).padStart(7)}`);

  console.log("\nFinal balance checks (API balance = sum of listed transactions = the soak's own sum)…");
  const checks = [];
  for (const u of ready) checks.push(await balanceCheck(u));
  const mismatches = checks.filter((c) => !c.match);
  for (const c of mismatches) console.log(`  MISMATCH ${c.email}: balance ${c.balanceMinor}, listed ${c.listedMinor} (${c.listed} rows), expected ${c.expectedMinor} (${c.kept} rows)`);
  console.log(`  ${checks.length} accounts checked, ${mismatches.length} mismatches, ${checks.reduce((n, c) => n + c.listed, 0)} transactions in all`);

  const first = minutes[0]?.p99;
  const last = minutes.at(-1)?.p99;
  const goals = [
    { goal: "0 errors", value: errors.length, pass: errors.length === 0 },
    { goal: "0 balance mismatches", value: mismatches.length, pass: mismatches.length === 0 },
    { goal: "last minute p99 ≤ 1.2× the first's", value: first && last ? Number((last / first).toFixed(2)) : null, pass: Boolean(first && last && last <= 1.2 * first) },
  ];
  console.log("\nGoals (issue 39):");
  for (const g of goals) console.log(`  ${g.pass ? "PASS" : "MISS"}  ${g.goal} (${g.value})`);
  if (errors.length) {
    console.log("\nFirst errors:");
    for (const e of errors.slice(0, 10)) console.log(`  ${e.at} s  ${e.kind}  ${e.status}  ${e.detail}`);
  }
  const result = {
    measuredAt: new Date().toISOString(),
    minutes: MINUTES,
    users: USERS,
    thinkMs: [0, 2 * THINK_MS],
    server: "wrangler dev (local workerd), production build",
    machine: { ...machine, loadAverageAfter: os.loadavg().map((n) => Number(n.toFixed(2))) },
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
  if (goals.some((g) => !g.pass)) process.exitCode = 1;
} finally {
  await servers.stopAll();
}
