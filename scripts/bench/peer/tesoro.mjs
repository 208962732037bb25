/**
 * Tesoro's side of `npm run bench:peer`: the demo user's PEN account filled to N transactions with
 * the ledger seed (scripts/seed-ledger.mjs, the same rows `npm run bench:ledger` uses; the demo's
 * USD account keeps its 36 rows), the production build served as `npm run serve` does, and the
 * browser driven from a fresh profile to the first transaction row.
 */
import path from "node:path";
import { DEMO_USER, signInDemo } from "../../demo.mjs";
import { localOrigin } from "../../lib/local-origin.mjs";
import { requireFreePort, root } from "../../lib/run.mjs";
import { DEMO_PEN_ACCOUNT } from "../../seed-ledger.mjs";
import { serveArgs } from "../../serve.mjs";

/** Seeds (or reuses) `.wrangler/peer-<n>` and serves it on `port`. Returns { origin, accountId, stop }. */
export async function startTesoro(servers, port, n) {
  const state = path.join(".wrangler", `peer-${n}`);
  process.env.TESORO_STATE_DIR = state;
  const { seed } = await import("../../seed.mjs");
  const started = Date.now();
  await seed(["--transactions", String(n)]);
  const seedSeconds = Math.round((Date.now() - started) / 1000);
  await requireFreePort(port, 15_000);
  const server = servers.start(serveArgs({ port: String(port), persistTo: state }));
  const origin = localOrigin(port);
  await servers.waitFor(`${origin}/api/v1/health`, server);
  // A running service is warm: the first requests to a fresh workerd compile the Workers and open
  // D1 (seconds on this machine), which is no part of what a visitor waits for in production.
  const { cookie } = await signInDemo(origin);
  for (const page of ["/login", `/accounts/${DEMO_PEN_ACCOUNT}/transactions`, `/accounts/${DEMO_PEN_ACCOUNT}/transactions`]) {
    await (await fetch(origin + page, { headers: { Cookie: `tesoro_session=${cookie}`, Accept: "text/html" } })).arrayBuffer();
  }
  return { origin, accountId: DEMO_PEN_ACCOUNT, state: path.relative(root, path.resolve(root, state)), seedSeconds, server };
}

/**
 * From a fresh profile at the account's transactions page: the app sends the visitor to sign in
 * (with the page to come back to), the demo user signs in, the page renders. "First row": the
 * first `tr[data-testid="transaction-row"]` visible (server-rendered: no client fetch after).
 */
export function tesoroSteps() {
  return async (page, mark) => {
    const email = page.getByLabel("Email");
    await email.waitFor({ state: "visible", timeout: 60_000 });
    mark("signInShown");
    await email.fill(DEMO_USER.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_USER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator('tr[data-testid="transaction-row"]').first().waitFor({ state: "visible", timeout: 60_000 });
  };
}
