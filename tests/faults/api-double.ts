/**
 * A stand-in for the API Worker, bound to the app Worker as `tesoro-api` by the fault tests
 * (tests/e2e/proof-faults.spec.ts). It sits exactly at the service-binding boundary: the app's
 * own code (api-client, loaders, actions) runs unchanged, and this Worker decides how "the API"
 * behaves and writes down every request it receives.
 *
 * The behaviour is chosen per request by the caller's credentials, so tests can run side by side:
 * a Bearer token (the session cookie's value) or a sign-in email shaped `<scenario>_<run>…`.
 *   ok       answers like a healthy API (a user for /auth/session and /users/me, empty lists elsewhere, /overview included)
 *   s500     /auth/session is fine; every other call answers 500
 *   s503     same with 503
 *   hang     same, but the other calls never answer (the app's timeout must fire)
 *   crash    same, but the other calls throw (the Worker is down / crashed)
 *   session  /auth/session itself answers 503
 *   w503     reads answer like ok; every write (POST, PUT, PATCH, DELETE) answers 503
 *   i503     like w503, but a CSV import's previews answer; only the import itself answers 503
 *   c503     like w503, and the user's account list holds the one account (the camera page)
 *   f503     like w503, and a CSV export (a file read) answers 503 too
 *   (w503, i503, c503 and f503 answer GET /accounts/<id> with that one account: actions read its currency)
 * Requests are logged by run id; GET /api/v1/__double/log?run=<id> returns the log.
 */
interface Logged {
  method: string;
  path: string;
  idempotencyKey: string | null;
  at: number;
}

const logs = new Map<string, Logged[]>();
const SCENARIOS = ["ok", "s500", "s503", "hang", "crash", "session", "w503", "i503", "c503", "f503"] as const;
type Scenario = (typeof SCENARIOS)[number];

function parse(credential: string | null | undefined): { scenario: Scenario; run: string } | null {
  const match = /^([a-z0-9]+)_([A-Za-z0-9]+)_/.exec(credential ?? "");
  if (!match || !SCENARIOS.includes(match[1] as Scenario)) return null;
  return { scenario: match[1] as Scenario, run: match[2]! };
}

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
const problem = (status: number) => new Response(JSON.stringify({ type: "about:blank", title: status === 500 ? "Internal Server Error" : "Service Unavailable", status }), { status, headers: { "Content-Type": "application/problem+json" } });

/** The scenarios where reads answer like a healthy API and writes meet an outage. */
function writesFail(scenario: Scenario): scenario is "w503" | "i503" | "c503" | "f503" {
  return scenario === "w503" || scenario === "i503" || scenario === "c503" || scenario === "f503";
}

/** The one account of the write-outage scenarios (its id as the page asked for it). */
const DOUBLE_ACCOUNT_ID = "00000000-0000-4000-8000-00000000d0b4";
const DOUBLE_CATEGORY_ID = "00000000-0000-4000-8000-00000000d0b5";
const accountOf = (id: string) => ({ id, name: "BCP Soles", type: "checking", currency: "PEN", institution: null, number: null, cci: null, openingBalance: "100.00", openingBalanceMinor: 10000, openingDate: "2026-01-01", balance: "87.50", balanceMinor: 8750, archived: false, transactionCount: 1, createdAt: 0, updatedAt: 0 });

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1/, "");
    if (path === "/__double/log") return json(logs.get(url.searchParams.get("run") ?? "") ?? []);
    if (path === "/health") return json({ ok: true });

    const bearer = /^Bearer (.+)$/.exec(request.headers.get("Authorization") ?? "")?.[1];
    let who = parse(bearer);
    if (!who && request.method === "POST" && path === "/auth/login") {
      const body = (await request.clone().json().catch(() => null)) as { email?: string } | null;
      who = parse(body?.email);
    }
    if (!who) return json({ signupOpen: true });
    const entries = logs.get(who.run) ?? [];
    entries.push({ method: request.method, path, idempotencyKey: request.headers.get("Idempotency-Key"), at: Date.now() });
    logs.set(who.run, entries);

    const user = { id: "00000000-0000-4000-8000-00000000d0b1", email: "double@example.com", name: "Double", locale: "en", timeZone: "America/Lima", theme: "system", createdAt: 0 };
    if (path === "/auth/session" && who.scenario !== "session") return json({ user, session: { id: "00000000-0000-4000-8000-00000000d0b2", remember: false } });
    // The import's file is kept as a draft (ADR 047): its creation and its previews answer, the commit meets the outage.
    const importRead =
      who.scenario === "i503" &&
      ((request.method === "POST" && /^\/accounts\/[^/]+\/import\/(preview|drafts)$/.test(path)) || (request.method === "GET" && /^\/accounts\/[^/]+\/import\/drafts\/[^/]+\/preview$/.test(path)));
    if (importRead) {
      const rows = [
        { line: 2, date: "2026-03-01", description: "Plaza Vea", amount: "-12.50", amountMinor: -1250, payee: null, duplicate: false, errors: null },
        { line: 3, date: "2026-03-02", description: "Rappi", amount: "-45.90", amountMinor: -4590, payee: null, duplicate: false, errors: null },
      ];
      const preview = {
        columns: ["Fecha", "Concepto", "Importe"],
        sample: [["01/03/2026", "Plaza Vea", "-12.50"], ["02/03/2026", "Rappi", "-45.90"]],
        guess: { dateColumn: 0, descriptionColumn: 1, amountColumn: 2, dateFormat: "DD/MM/YYYY", decimalSeparator: ".", header: true },
        rows,
        counts: { total: 2, valid: 2, invalid: 0, duplicates: 0 },
      };
      if (!path.endsWith("/drafts")) return json(preview);
      const mapping = { dateColumn: "0", descriptionColumn: "1", amountColumn: "2", dateFormat: "DD/MM/YYYY", decimalSeparator: ".", header: "true" };
      return json({ draft: { id: "00000000-0000-4000-8000-00000000d0b6", fileName: "bcp.csv", expiresAt: Date.now() + 86_400_000 }, mapping, preview });
    }
    if (request.method === "GET" && who.scenario === "f503" && /^\/accounts\/[^/]+\/transactions\/export\.csv$/.test(path)) return problem(503);
    if (request.method === "GET" && who.scenario === "c503" && path === "/accounts") return json({ accounts: [accountOf(DOUBLE_ACCOUNT_ID)], totals: [] });
    // The account itself: the actions that take an amount read its currency first (ADR 051; the camera's create with photo).
    if (request.method === "GET" && writesFail(who.scenario) && /^\/accounts\/[^/]+$/.test(path)) return json({ account: accountOf(path.split("/")[2]!) });
    // One account with one transaction, for pages about an account (its transactions).
    if (request.method === "GET" && writesFail(who.scenario) && /^\/accounts\/[^/]+\/transactions$/.test(path)) {
      const account = accountOf(path.split("/")[2]!);
      const transaction = { id: "00000000-0000-7000-8000-00000000d0b3", accountId: account.id, date: "2026-11-20", description: "Wong San Isidro", payee: null, notes: null, amount: "-12.50", amountMinor: -1250, currency: "PEN", categoryId: null, category: null, status: "posted", transferId: null, transferAccountId: null, receiptKey: null, imported: false, runningBalance: "87.50", runningBalanceMinor: 8750, createdAt: 0, updatedAt: 0 };
      const totals = { count: 1, in: "0.00", inMinor: 0, out: "-12.50", outMinor: -1250, net: "-12.50", netMinor: -1250 };
      return json({ account, accounts: [account], accountTotals: [], categories: [], transactions: [transaction], nextCursor: null, hasPrevious: false, prevCursor: null, totals, sort: "date", order: "desc" });
    }
    // One category, for the Settings page's category forms.
    if (request.method === "GET" && writesFail(who.scenario) && path === "/categories") return json({ categories: [{ id: DOUBLE_CATEGORY_ID, name: "Mercado", kind: "expense", color: "#2f855a", defaultKey: null }] });
    // The Settings page's rates section (ADR 056): no official rates, none of the user's.
    if (request.method === "GET" && writesFail(who.scenario) && path === "/rates") return json({ reportingCurrency: "PEN", official: [], own: [] });
    // w503, i503, c503 and f503: reads answer like a healthy API, writes meet an outage.
    const scenario = writesFail(who.scenario) ? (request.method === "GET" ? "ok" : "s503") : who.scenario;
    switch (scenario) {
      case "ok":
        // `user` for GET /users/me (the settings page reads the profile afresh).
        return json({ user, accounts: [], totals: [], accountTotals: [], transactions: [], categories: [], sessions: [], recent: [], flows: [] });
      case "s500":
        return problem(500);
      case "s503":
      case "session":
        return problem(503);
      case "hang":
        // Longer than any timeout the app may have; the app must give up first.
        await new Promise((resolve) => setTimeout(resolve, 60_000));
        return problem(504);
      case "crash":
        throw new Error("the API Worker crashed (test double)");
    }
  },
} satisfies ExportedHandler;
