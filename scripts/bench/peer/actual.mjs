/**
 * Actual Budget's side of `npm run bench:peer`: installs its packages into a scratch folder
 * outside the repository (never in package.json), runs its sync server on loopback, creates a
 * budget with one account and N transactions through @actual-app/api, and drives its web UI to
 * the first transaction row.
 *
 * Node: better-sqlite3 (server and API) is a native module built at install for the Node that
 * runs npm, and must run on that same Node. Here only the system Node (20, /usr/bin/node) has its
 * headers on disk (nodejs.org is not reachable to fetch the pinned Node 24's), so npm, the server
 * and the seeding all run on PEER_NODE (default /usr/bin/node), although the sync server's
 * package asks for Node ≥ 22 (an npm warning; it runs).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { childEnv, run } from "../../lib/run.mjs";

export const ACTUAL_VERSION = process.env.ACTUAL_VERSION ?? "26.9.0";
export const SCRATCH = process.env.PEER_SCRATCH ?? path.join(os.tmpdir(), "tesoro-peer");
const NODE = process.env.PEER_NODE ?? "/usr/bin/node";
// PEER_NODE first on PATH: npm and its install scripts (prebuild-install, node-gyp) then run on it.
const nodeEnv = () => ({ PATH: `${path.dirname(NODE)}${path.delimiter}${process.env.PATH ?? ""}` });
const PASSWORD = "peer-bench-password";
export const ACTUAL_ACCOUNT_NAME = "Checking";
export const budgetName = (n) => `Peer ${n}`;

/** npm install into the scratch folder (a no-op when that version is already there). */
export async function installActual() {
  mkdirSync(SCRATCH, { recursive: true });
  const marker = path.join(SCRATCH, `installed-${ACTUAL_VERSION}-${process.version}`);
  if (existsSync(marker) && existsSync(path.join(SCRATCH, "node_modules", "@actual-app", "sync-server"))) return;
  if (!existsSync(path.join(SCRATCH, "package.json"))) writeFileSync(path.join(SCRATCH, "package.json"), JSON.stringify({ name: "tesoro-peer", private: true }));
  const packages = ["sync-server", "web", "api"].map((name) => `@actual-app/${name}@${ACTUAL_VERSION}`);
  const npm = path.join(path.dirname(NODE), "npm");
  await run(npm, ["install", "--no-audit", "--no-fund", ...packages], { cwd: SCRATCH, quiet: true, env: nodeEnv() });
  writeFileSync(marker, new Date().toISOString());
}

/** Starts the sync server on 127.0.0.1:port with a fresh data folder; resolves when it answers. */
export async function startActual(port) {
  const dataDir = path.join(SCRATCH, `data-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(NODE, [path.join(SCRATCH, "node_modules", "@actual-app", "sync-server", "build", "bin", "actual-server.js")], {
    cwd: SCRATCH,
    stdio: ["ignore", "pipe", "pipe"],
    env: childEnv({ ...nodeEnv(), ACTUAL_PORT: String(port), ACTUAL_HOSTNAME: "127.0.0.1", ACTUAL_DATA_DIR: dataDir }),
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
  child.stderr.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`Actual's sync server exited:\n${output}`);
    const up = await fetch(`${origin}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 240) throw new Error(`Actual's sync server did not answer:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const bootstrap = await fetch(`${origin}/account/bootstrap`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ password: PASSWORD }) });
  if (!bootstrap.ok) throw new Error(`Actual bootstrap answered ${bootstrap.status}: ${await bootstrap.text()}`);
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", resolve);
      child.kill("SIGTERM");
    });
  return { origin, dataDir, stop, output: () => output };
}

/**
 * Creates the budget "Peer N" with one account and N transactions, through @actual-app/api in a
 * child process on the pinned Node (runImport: a new file, the rows added in import mode, then
 * uploaded to the server). Returns { budgetName, accountId, seconds }.
 */
export async function seedActual(origin, n) {
  const dataDir = path.join(SCRATCH, `api-${n}-${Date.now()}`);
  mkdirSync(dataDir, { recursive: true });
  const script = path.join(SCRATCH, "seed-actual.mjs");
  writeFileSync(script, SEED_SCRIPT);
  const started = Date.now();
  const out = await run(NODE, [script], {
    cwd: SCRATCH,
    quiet: true,
    env: { ...nodeEnv(), PEER_ORIGIN: origin, PEER_PASSWORD: PASSWORD, PEER_N: String(n), PEER_DATA: dataDir, PEER_BUDGET: budgetName(n), PEER_ACCOUNT: ACTUAL_ACCOUNT_NAME },
  });
  rmSync(dataDir, { recursive: true, force: true });
  const line = out.split("\n").find((l) => l.startsWith("SEEDED "));
  if (!line) throw new Error(`seeding Actual printed no result:\n${out.slice(-3000)}`);
  return { ...JSON.parse(line.slice(7)), seconds: Math.round((Date.now() - started) / 1000) };
}

// The same kind of rows as Tesoro's seed: one a day or so back from today, varied payees and
// amounts in cents (Actual's amounts are integer cents too).
const SEED_SCRIPT = `
import * as api from "@actual-app/api";
const n = Number(process.env.PEER_N);
await api.init({ dataDir: process.env.PEER_DATA, serverURL: process.env.PEER_ORIGIN, password: process.env.PEER_PASSWORD });
let accountId;
await api.runImport(process.env.PEER_BUDGET, async () => {
  accountId = await api.createAccount({ name: process.env.PEER_ACCOUNT, offbudget: false }, 0);
  const payees = ["Wong", "Plaza Vea", "Tottus", "Uber", "Cabify", "Rappi", "Inkafarma", "Netflix", "Luz del Sur", "Movistar"];
  const today = Date.now();
  const CHUNK = 5000;
  const perDay = Math.max(3, Math.ceil(n / 8800));
  for (let from = 0; from < n; from += CHUNK) {
    const rows = [];
    for (let i = from; i < Math.min(n, from + CHUNK); i++) {
      // Actual refuses dates before 1995 ("Invalid date: 1994-12-31"): N rows fit in ~24 years.
      const date = new Date(today - Math.floor(i / perDay) * 86400000).toISOString().slice(0, 10);
      rows.push({ date, amount: -((i * 7919) % 50000 + 100), payee_name: payees[i % payees.length], notes: "peer " + i });
    }
    await api.addTransactions(accountId, rows);
  }
});
const budgets = await api.getBudgets();
await api.shutdown();
console.log("SEEDED " + JSON.stringify({ budgetName: process.env.PEER_BUDGET, accountId, budgets: budgets.length }));
process.exit(0);
`;

/**
 * From a fresh profile at the server's root to the first transaction row: sign in with the
 * server password, open the budget file from the list (the browser downloads the whole budget),
 * then the account in the sidebar. "First row": the first element with data-testid="row" inside
 * Actual's transaction table (data-testid="transaction-table") visible.
 */
export function actualSteps(n) {
  return async (page, mark) => {
    const password = page.getByPlaceholder("Password");
    await password.waitFor({ state: "visible", timeout: 120_000 });
    mark("signInShown");
    await password.fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    const file = page.getByText(budgetName(n), { exact: true }).first();
    await file.waitFor({ state: "visible", timeout: 120_000 });
    mark("fileListShown");
    await file.click();
    const account = page.getByRole("link", { name: new RegExp(`^${ACTUAL_ACCOUNT_NAME}`) }).first();
    await account.waitFor({ state: "visible", timeout: 600_000 });
    mark("budgetOpen");
    await account.click();
    await page.getByTestId("transaction-table").getByTestId("row").first().waitFor({ state: "visible", timeout: 600_000 });
  };
}
