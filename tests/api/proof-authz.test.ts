import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, call, signUp, uniqueIp } from "./helpers";
import { addTransaction, createAccount } from "./ledger-helpers";
import { dbChecksum, loadOperations, type Operation } from "./proof-openapi";

/**
 * Authorization matrix, generated from the API's own OpenAPI document (issue 6): every operation
 * is found by reading /api/v1/openapi.json, so a route added later is in the matrix without
 * anyone remembering to add it.
 *
 * - Every operation that declares bearer security answers 401 problem+json without a token,
 *   and with a revoked token.
 * - Every operation with a `{param}` in its path, called by user B with ids owned by user A,
 *   answers 404 (the same answer as an unknown id: nothing leaks), and changes nothing of A's.
 * - An operation without security must be listed in PUBLIC below, with the reason.
 */

/** Operations that are public on purpose (no bearer security). A new one must be added here knowingly. */
const PUBLIC: Record<string, string> = {
  "GET /health": "liveness probe",
  "GET /auth/config": "sign-up switch, read by the sign-up page before anyone is signed in",
  "POST /auth/signup": "mails the address a link that creates the account",
  // Sign-up links: the unguessable 256-bit link id, mailed to the address, is the credential
  // (single use, 24 hours); there is no account yet, so no owner to compare with.
  "GET /auth/signup-links/{linkId}": "link id is the credential",
  "POST /auth/signup-links/{linkId}": "link id is the credential",
  "POST /auth/login": "creates the session",
  "POST /auth/recover": "asks for a password-change link (same answer for any email)",
  // Password-change links: the unguessable 256-bit link id *is* the credential (single use,
  // 30 minutes); there is no session and no owner to compare with.
  "GET /auth/links/{linkId}": "link id is the credential",
  "POST /auth/links/{linkId}/password": "link id is the credential",
  // Change-of-email links, mailed to the new address after the password was checked: the link id
  // is the credential (single use, 24 hours), and it may be opened in a browser without a session.
  "GET /auth/email-links/{linkId}": "link id is the credential",
  "POST /auth/email-links/{linkId}": "link id is the credential",
  // Undo links, mailed to the old address when a change of email is confirmed: the link id is the
  // credential (single use, 7 days); the owner who did not make the change has no session.
  "GET /auth/email-reverts/{linkId}": "link id is the credential",
  "POST /auth/email-reverts/{linkId}": "link id is the credential",
};

/** Raw bodies for the operations that do not take JSON. */
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
// Not the movement typed in below (-10.00 that day), which the import would link rather than add (ADR 049).
const CSV = "date,description,amount\r\n2026-11-20,Wong,-11.00\r\n";

/**
 * A body that passes validation for each id route, so the answer we see is the ownership check and
 * not a 422 for the body. A route added later without an entry here gets `{}`; if that fails
 * validation the matrix fails with a message naming the route.
 */
function validBody(op: Operation, ids: Ids): { json?: unknown; raw?: BodyInit; contentType?: string } {
  const key = `${op.method} ${op.path}`;
  switch (key) {
    case "POST /accounts/{accountId}/transactions":
      return { json: { date: "2026-11-20", description: "Not yours", amount: "-1.00" } };
    case "PATCH /accounts/{accountId}":
      return { json: { name: "Not yours" } };
    case "PATCH /transactions/{transactionId}":
      return { json: { amount: "-2.00" } };
    case "PATCH /categories/{categoryId}":
      return { json: { name: "Not yours" } };
    case "PATCH /budgets/{budgetId}":
      return { json: { name: "Not yours" } };
    case "PUT /budgets/{budgetId}/lines":
      return { json: { lines: [] } };
    case "POST /transactions/{transactionId}/transfer":
      return { json: { accountId: ids.accountId } };
    case "POST /accounts/{accountId}/reconciliation":
      return { json: { date: "2026-11-20", balance: "100.00" } };
    case "PUT /transactions/{transactionId}/receipt":
      return { raw: JPEG, contentType: "image/jpeg" };
    case "POST /schedules/suggestions/dismiss":
      return { json: { key: "x" } };
    case "PATCH /schedules/{scheduleId}":
      return { json: { description: "Not yours" } };
    case "PUT /schedules/{scheduleId}/occurrences/{date}":
      return { json: { amount: "-2.00" } };
    case "POST /accounts/{accountId}/import/preview":
    case "POST /accounts/{accountId}/import":
    case "POST /accounts/{accountId}/import/drafts":
      return { raw: CSV, contentType: "text/csv" };
    case "POST /accounts/{accountId}/transactions/with-receipt": {
      const form = new FormData();
      form.set("transaction", JSON.stringify({ date: "2026-11-20", description: "Not yours", amount: "-1.00" }));
      form.set("receipt", new File([JPEG], "receipt.jpg", { type: "image/jpeg" }));
      return { raw: form };
    }
    default:
      void ids;
      return op.hasBody ? { json: {} } : {};
  }
}

/** Query strings that a route needs to reach its ownership check (import mapping). */
function validQuery(op: Operation): string {
  if (op.path === "/accounts/{accountId}/import" || op.path === "/accounts/{accountId}/import/drafts/{draftId}/commit") return "?dateColumn=0&descriptionColumn=1&amountColumn=2";
  return "";
}

type Ids = Record<string, string>;

/** User A with one of everything an id can point at. */
async function ownerWithEverything() {
  const a = await signUp({ name: "Owner A" });
  const second = await call("/auth/login", { body: { email: a.email, password: a.password }, ip: uniqueIp() });
  const account = await createAccount(a.token, { openingBalance: "100.00" });
  const other = await createAccount(a.token, { name: "Second" });
  const tx = await addTransaction(a.token, account.id);
  const receipt = await SELF.fetch(`${BASE}/transactions/${tx.id}/receipt`, { method: "PUT", headers: { Authorization: `Bearer ${a.token}`, "Content-Type": "image/jpeg" }, body: JPEG });
  expect(receipt.status).toBe(200);
  const transfer = await call("/transfers", { token: a.token, body: { fromAccountId: account.id, toAccountId: other.id, amount: "5.00", date: "2026-11-20" } });
  expect(transfer.status).toBe(201);
  const imported = await SELF.fetch(`${BASE}/accounts/${account.id}/import?dateColumn=0&descriptionColumn=1&amountColumn=2`, { method: "POST", headers: { Authorization: `Bearer ${a.token}`, "Content-Type": "text/csv" }, body: CSV });
  expect(imported.status).toBe(201);
  const importId = ((await imported.json()) as { importId: string }).importId;
  const draft = await SELF.fetch(`${BASE}/accounts/${account.id}/import/drafts`, { method: "POST", headers: { Authorization: `Bearer ${a.token}`, "Content-Type": "text/csv" }, body: CSV });
  expect(draft.status).toBe(201);
  const draftId = ((await draft.json()) as { draft: { id: string } }).draft.id;
  const categories = await call("/categories", { token: a.token });
  const budget = await call("/budgets", { token: a.token, body: { name: "A's", currency: "PEN", period: "monthly" } });
  expect(budget.status).toBe(201);
  const sessions = await call("/auth/sessions", { token: a.token });
  const ownRate = await call("/rates/own", { token: a.token, body: { currency: "USD", from: "2026-11-01", rate: "3.71" } });
  expect(ownRate.status).toBe(201);
  const schedule = await call("/schedules", { token: a.token, body: { accountId: account.id, description: "Rent", amount: "-10.00", kind: "months", start: "2026-11-20", mode: "confirm" } });
  expect(schedule.status).toBe(201);
  const otherSession = sessions.json.sessions.find((s: { current: boolean }) => !s.current);
  const ids: Ids = {
    accountId: account.id,
    transactionId: tx.id,
    transferId: transfer.json.transferId,
    categoryId: categories.json.categories[0].id,
    sessionId: otherSession.id,
    importId,
    draftId,
    budgetId: budget.json.budget.id,
    rateId: ownRate.json.rate.id,
    scheduleId: schedule.json.schedule.id,
    date: "2026-11-20",
  };
  return { a, secondToken: second.json.token as string, ids };
}

async function send(op: Operation, path: string, token: string | null, ids: Ids) {
  const body = validBody(op, ids);
  const headers: Record<string, string> = { "CF-Connecting-IP": uniqueIp() };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body.json !== undefined) headers["Content-Type"] = "application/json";
  if (body.contentType) headers["Content-Type"] = body.contentType;
  const response = await SELF.fetch(BASE + path + validQuery(op), {
    method: op.method,
    headers,
    body: body.raw ?? (body.json !== undefined ? JSON.stringify(body.json) : undefined),
  });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get("Content-Type"), text };
}

describe("authorization matrix (from the OpenAPI document)", () => {
  it("finds the operations, and every one without security is a listed, reasoned exception", async () => {
    const ops = await loadOperations();
    expect(ops.length).toBeGreaterThan(30);
    const unsecured = ops.filter((op) => !op.secured).map((op) => `${op.method} ${op.path}`);
    expect(unsecured.sort()).toEqual(Object.keys(PUBLIC).sort());
  });

  it("answers 401 problem+json to every secured operation without a token or with a revoked one", async () => {
    const ops = (await loadOperations()).filter((op) => op.secured);
    const { token } = await signUp();
    expect((await call("/auth/logout", { method: "POST", token })).status).toBe(204);
    const fakeIds: Ids = new Proxy({}, { get: () => crypto.randomUUID() });
    for (const op of ops) {
      const path = op.path.replace(/\{(\w+)\}/g, () => crypto.randomUUID());
      for (const credential of [null, token, "A".repeat(43)]) {
        const result = await send(op, path, credential, fakeIds);
        expect(result.status, `${op.method} ${op.path} with ${credential ? "a dead token" : "no token"}`).toBe(401);
        expect(result.contentType, `${op.method} ${op.path}`).toBe("application/problem+json");
      }
    }
  });

  it("answers 404 to user B for every id route with user A's ids, and changes nothing of A's", async () => {
    const ops = (await loadOperations()).filter((op) => op.secured && op.params.length > 0);
    expect(ops.length).toBeGreaterThan(15);
    const { a, secondToken, ids } = await ownerWithEverything();
    const b = await signUp({ name: "Intruder B" });
    // B owns things too, so a handler that ignored the owner would find rows to act on.
    const bAccount = await createAccount(b.token);
    await addTransaction(b.token, bAccount.id);

    // Every id is real: A reads each one (or it exists in A's rows) before B tries.
    for (const [name, id] of Object.entries(ids)) {
      const owned = await env.DB.prepare(
        {
          accountId: "SELECT 1 FROM accounts WHERE id = ?1 AND user_id = ?2",
          transactionId: "SELECT 1 FROM transactions t JOIN accounts a ON a.id = t.account_id WHERE t.id = ?1 AND a.user_id = ?2",
          transferId: "SELECT 1 FROM transactions t JOIN accounts a ON a.id = t.account_id WHERE t.transfer_id = ?1 AND a.user_id = ?2",
          categoryId: "SELECT 1 FROM categories WHERE id = ?1 AND user_id = ?2",
          sessionId: "SELECT 1 FROM sessions WHERE id = ?1 AND user_id = ?2 AND revoked_at IS NULL",
          importId: "SELECT 1 FROM imports WHERE id = ?1 AND user_id = ?2 AND undone_at IS NULL AND remaining > 0",
          draftId: "SELECT 1 FROM import_drafts WHERE id = ?1 AND user_id = ?2",
          budgetId: "SELECT 1 FROM budgets WHERE id = ?1 AND user_id = ?2",
          rateId: "SELECT 1 FROM user_rates WHERE id = ?1 AND user_id = ?2",
          scheduleId: "SELECT 1 FROM schedules WHERE id = ?1 AND user_id = ?2",
          date: "SELECT 1 FROM schedules WHERE start_date = ?1 AND user_id = ?2",
        }[name]!,
      )
        .bind(id, a.user.id)
        .first();
      expect(owned, `${name} fixture is A's`).not.toBeNull();
    }

    const before = await dbChecksum({ userId: a.user.id });
    for (const op of ops) {
      const missing = op.params.filter((p) => !(p in ids));
      expect(missing, `${op.method} ${op.path}: add an owned fixture for ${missing.join(", ")} in ownerWithEverything()`).toEqual([]);
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!);
      const result = await send(op, path, b.token, ids);
      expect(result.status, `${op.method} ${op.path} as another user → ${result.status} ${result.text.slice(0, 200)} (if 422: give it a valid body in validBody())`).toBe(404);
      expect(result.contentType).toBe("application/problem+json");
      // The same answer as an id that does not exist at all.
      const unknown = await send(op, op.path.replace(/\{(\w+)\}/g, () => crypto.randomUUID()), b.token, ids);
      expect(unknown.status, `${op.method} ${op.path} unknown id`).toBe(404);
    }
    expect(await dbChecksum({ userId: a.user.id })).toBe(before);
    // A's sessions all still work.
    expect((await call("/auth/session", { token: a.token })).status).toBe(200);
    expect((await call("/auth/session", { token: secondToken })).status).toBe(200);
  });
});

/**
 * Operations that take the user's ids in their body rather than their path (bulk changes and
 * undo, ADR 053): the matrix above cannot see them, so each is listed here with a body naming
 * A's ids, and an operation whose body has an `ids` property must be in this list.
 */
const BODY_ID_OPERATIONS: Record<string, (ids: { transactionId: string; deletedId: string }) => unknown> = {
  "POST /transactions/bulk": ({ transactionId }) => ({ ids: [transactionId], delete: true }),
  "POST /transactions/restore": ({ deletedId }) => ({ ids: [deletedId] }),
};

describe("authorization of ids given in the body", () => {
  it("answers 404 to user B naming user A's ids, alone or beside B's own, and changes nothing of A's", async () => {
    const ops = await loadOperations();
    const withIds = ops.filter((op) => op.bodyProperties.includes("ids")).map((op) => `${op.method} ${op.path}`);
    expect(withIds.sort()).toEqual(Object.keys(BODY_ID_OPERATIONS).sort());
    const a = await signUp({ name: "Owner A" });
    const account = await createAccount(a.token);
    const tx = await addTransaction(a.token, account.id);
    const gone = await addTransaction(a.token, account.id, { description: "Deleted, can be undone" });
    expect((await call("/transactions/bulk", { token: a.token, body: { ids: [gone.id], delete: true } })).status).toBe(200);
    const b = await signUp({ name: "Intruder B" });
    const bAccount = await createAccount(b.token);
    const bTx = await addTransaction(b.token, bAccount.id);
    expect((await call("/transactions/bulk", { token: b.token, body: { ids: [bTx.id], delete: true } })).status).toBe(200);
    // B's own ids beside A's: a live row for a change, a deleted one for a restore.
    const bLive = await addTransaction(b.token, bAccount.id);
    const before = await dbChecksum({ userId: a.user.id });
    for (const [name, bodyOf] of Object.entries(BODY_ID_OPERATIONS)) {
      const [method, path] = name.split(" ") as [string, string];
      const theirs = bodyOf({ transactionId: tx.id, deletedId: gone.id }) as { ids: string[] };
      for (const ids of [theirs.ids, [...theirs.ids, name.endsWith("restore") ? bTx.id : bLive.id]]) {
        const result = await call(path, { method, token: b.token, body: { ...theirs, ids } });
        expect(result.status, `${name} with A's ids ${JSON.stringify(ids)}`).toBe(404);
        expect(result.headers.get("Content-Type")).toBe("application/problem+json");
      }
      const unknown = await call(path, { method, token: b.token, body: { ...theirs, ids: [crypto.randomUUID()] } });
      expect(unknown.status, `${name} unknown id`).toBe(404);
    }
    expect(await dbChecksum({ userId: a.user.id })).toBe(before);
  });
});

