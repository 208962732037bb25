import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/api/index";
import { BASE, signUp } from "./helpers";
import { addTransaction, createAccount, expectExactBalance } from "./ledger-helpers";

/**
 * Concurrency (issue 6): 200 transfers and edits on the same three accounts, all in flight at
 * once through the API, every one with an Idempotency-Key and one in four sent twice at the same
 * time (a retried request racing its original). Afterwards:
 * - no lost update: each balance equals what the intended operations give, computed here;
 * - every balance still equals opening + the sum of its rows (the definition);
 * - no duplicate: each key wrote exactly once (transfer count, leg count, edit values).
 * A duplicate that finds its twin still running gets 409 + Retry-After (the API client's retry
 * case); it is then sent again, as the client would, and must be answered from the record.
 */
const CONCURRENT = 200;

interface Sent {
  key: string;
  method: string;
  path: string;
  body: unknown;
}

async function send(token: string, r: Sent) {
  const response = await SELF.fetch(BASE + r.path, {
    method: r.method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "Idempotency-Key": r.key, "CF-Connecting-IP": "198.51.100.20" },
    body: JSON.stringify(r.body),
  });
  const text = await response.text();
  return { status: response.status, replayed: response.headers.get("Idempotent-Replayed") === "true", retryAfter: response.headers.get("Retry-After"), json: text ? JSON.parse(text) : null };
}

describe("200 concurrent transfers and edits", () => {
  it("loses no update, keeps every balance exact and writes each idempotency key once", { timeout: 120_000 }, async () => {
    const { token } = await signUp();
    const accounts = [
      await createAccount(token, { name: "A", openingBalance: "1000.00" }),
      await createAccount(token, { name: "B", openingBalance: "500.00" }),
      await createAccount(token, { name: "C", openingBalance: "0" }),
    ];
    // Rows the edits will change, 20 per account.
    const rows: Array<{ id: string; account: number; amount: number }> = [];
    for (let a = 0; a < 3; a++) {
      for (let i = 0; i < 20; i++) {
        const tx = await addTransaction(token, accounts[a]!.id, { amount: "-1.00", description: `row ${a}-${i}` });
        rows.push({ id: tx.id, account: a, amount: -100 });
      }
    }

    // The plan: transfers between the three accounts and edits of distinct rows (so the intended
    // result is defined whatever the order the database runs them in).
    const plan: Sent[] = [];
    const expected = accounts.map((a) => a.openingBalanceMinor + -100 * 20);
    let edit = 0;
    for (let i = 0; plan.length < CONCURRENT; i++) {
      if (i % 3 === 2 && edit < rows.length) {
        const row = rows[edit++]!;
        const minor = -((i % 50) + 1) * 100 - 7;
        plan.push({ key: `edit-${i}`, method: "PATCH", path: `/transactions/${row.id}`, body: { amount: (minor / 100).toFixed(2) } });
        expected[row.account]! += minor - row.amount;
        row.amount = minor;
      } else {
        const from = i % 3;
        const to = (i + 1 + (i % 2)) % 3;
        const minor = ((i % 17) + 1) * 100 + (i % 100);
        plan.push({ key: `transfer-${i}`, method: "POST", path: "/transfers", body: { fromAccountId: accounts[from]!.id, toAccountId: accounts[to]!.id, amount: (minor / 100).toFixed(2), date: `2026-11-${String((i % 28) + 1).padStart(2, "0")}` } });
        expected[from]! -= minor;
        expected[to]! += minor;
      }
    }
    const duplicates = plan.filter((_, i) => i % 4 === 0);
    const flight = [...plan, ...duplicates];
    const answers = await Promise.all(flight.map((r) => send(token, r)));

    const byKey = new Map<string, Array<(typeof answers)[number]>>();
    flight.forEach((r, i) => byKey.set(r.key, [...(byKey.get(r.key) ?? []), answers[i]!]));
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(500);
      if (answer.status === 409) expect(answer.retryAfter).toBe("1");
      else expect([200, 201]).toContain(answer.status);
    }
    // Every key has at least one success, or (only a 409) is retried now and answered from its record.
    for (const r of plan) {
      const got = byKey.get(r.key)!;
      if (!got.some((a) => a.status < 300)) {
        const retry = await send(token, r);
        expect(retry.status, `retry of ${r.key}`).toBeLessThan(300);
        got.push(retry);
      }
      // A duplicate that arrived after its original finished is a replay of the same answer.
      const successes = got.filter((a) => a.status < 300);
      for (const s of successes) expect(s.json).toEqual(successes[0]!.json);
    }
    // The duplicates that were answered 409 may be retried too: still no second write.
    for (const r of duplicates) {
      const again = await send(token, r);
      expect(again.status).toBeLessThan(300);
      expect(again.replayed).toBe(true);
    }

    // No duplicate: one transfer (two legs) per transfer key.
    const transferKeys = plan.filter((r) => r.method === "POST").length;
    const transfers = await env.DB.prepare("SELECT COUNT(DISTINCT transfer_id) AS t, COUNT(*) AS legs FROM transactions WHERE transfer_id IS NOT NULL AND account_id IN (?1, ?2, ?3)")
      .bind(...accounts.map((a) => a.id))
      .first<{ t: number; legs: number }>();
    expect(transfers).toEqual({ t: transferKeys, legs: transferKeys * 2 });
    // No lost update: each edited row holds its value, each balance is what the plan gives, and the definition holds.
    for (const row of rows) {
      const stored = await env.DB.prepare("SELECT amount FROM transactions WHERE id = ?1").bind(row.id).first<{ amount: number }>();
      expect(stored?.amount).toBe(row.amount);
    }
    for (let a = 0; a < 3; a++) expect(await expectExactBalance(token, accounts[a]!.id)).toBe(expected[a]);
    // The per-day totals the lists use agree with the rows too.
    const drift = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM (SELECT d.account_id, d.date, d.inflow, d.outflow, d.count, (SELECT COALESCE(SUM(CASE WHEN amount > 0 THEN amount END), 0) FROM transactions t WHERE t.account_id = d.account_id AND t.date = d.date) AS i, (SELECT COALESCE(SUM(CASE WHEN amount < 0 THEN amount END), 0) FROM transactions t WHERE t.account_id = d.account_id AND t.date = d.date) AS o, (SELECT COUNT(*) FROM transactions t WHERE t.account_id = d.account_id AND t.date = d.date) AS c FROM account_days d WHERE d.account_id IN (?1, ?2, ?3)) WHERE inflow <> i OR outflow <> o OR count <> c",
    )
      .bind(...accounts.map((a) => a.id))
      .first<{ n: number }>();
    expect(drift?.n).toBe(0);
    // So do each account's whole-history totals (migration 0006), which unfiltered lists show.
    const accountDrift = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM accounts a WHERE a.id IN (?1, ?2, ?3) AND (a.inflow <> (SELECT COALESCE(SUM(CASE WHEN amount > 0 THEN amount END), 0) FROM transactions t WHERE t.account_id = a.id) OR a.outflow <> (SELECT COALESCE(SUM(CASE WHEN amount < 0 THEN amount END), 0) FROM transactions t WHERE t.account_id = a.id) OR a.transaction_count <> (SELECT COUNT(*) FROM transactions t WHERE t.account_id = a.id))",
    )
      .bind(...accounts.map((a) => a.id))
      .first<{ n: number }>();
    expect(accountDrift?.n).toBe(0);
  });
});

/**
 * The real D1 binding, whose batches with a statement matching `writes` (and such a statement's
 * own `run`) wait for `gate`: a request held
 * between its reads and its write, so that another request can commit in between (the local
 * simulator otherwise runs requests one after another, and the race would never show).
 */
function heldWritesD1(db: D1Database, writes: RegExp, gate: Promise<void>) {
  const sqlOf = new WeakMap<object, string>();
  const track = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        if (key === "bind") return (...args: unknown[]) => track(target.bind(...args), sql);
        // A single write (`run`) waits like a batch that holds one.
        if (key === "run" && writes.test(sql)) return () => gate.then(() => target.run());
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    sqlOf.set(proxy, sql);
    return proxy;
  };
  const real = new WeakMap<object, D1PreparedStatement>();
  const session = (inner: D1DatabaseSession) => ({
    prepare: (sql: string) => {
      const statement = inner.prepare(sql);
      const proxy = track(statement, sql);
      real.set(proxy, statement);
      return proxy;
    },
    batch: async (statements: D1PreparedStatement[]) => {
      if (statements.some((s) => writes.test(sqlOf.get(s) ?? ""))) await gate;
      return inner.batch(statements);
    },
    getBookmark: () => inner.getBookmark(),
  });
  return { withSession: (bookmark: string) => session(db.withSession(bookmark)) } as unknown as D1Database;
}

const context = () => ({ waitUntil() {}, passThroughOnException() {}, props: {} }) as unknown as ExecutionContext;
const request = (token: string, method: string, path: string, body: unknown) =>
  new Request(BASE + path, { method, headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(body) }) as Parameters<typeof worker.fetch>[0];

describe("two edits of one transfer, interleaved", () => {
  it("keeps both legs equal and each edit's change: a date-only edit of one leg never writes back the other leg's old amount", async () => {
    const { token } = await signUp();
    const a = await createAccount(token, { name: "A", openingBalance: "100.00" });
    const b = await createAccount(token, { name: "B" });
    const transfer = await SELF.fetch(`${BASE}/transfers`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ fromAccountId: a.id, toAccountId: b.id, amount: "50.00", date: "2026-11-20" }),
    }).then((r) => r.json<{ transferId: string; from: { id: string }; to: { id: string } }>());
    const patch = (id: string, body: unknown) => request(token, "PATCH", `/transactions/${id}`, body);

    // Y moves the receiving leg's date; it has read the transfer and waits before writing.
    let release!: () => void;
    const held = heldWritesD1(env.DB, /^\s*UPDATE transactions/i, new Promise<void>((resolve) => (release = resolve)));
    const y = worker.fetch(patch(transfer.to.id, { date: "2026-11-01" }), { ...env, DB: held }, context());
    await new Promise((resolve) => setTimeout(resolve, 100));
    // X changes the sending leg's amount and commits first.
    const x = await worker.fetch(patch(transfer.from.id, { amount: "-80.00" }), env, context());
    expect(x.status).toBe(200);
    release();
    expect((await y).status).toBe(200);

    const legs = await env.DB.prepare("SELECT id, amount, date FROM transactions WHERE transfer_id = ?1 ORDER BY amount").bind(transfer.transferId).all<{ id: string; amount: number; date: string }>();
    expect(legs.results).toEqual([
      { id: transfer.from.id, amount: -8000, date: "2026-11-01" },
      { id: transfer.to.id, amount: 8000, date: "2026-11-01" },
    ]);
    expect(await expectExactBalance(token, a.id)).toBe(2000);
    expect(await expectExactBalance(token, b.id)).toBe(8000);
  });
});

describe("a currency change and a new transaction, interleaved", () => {
  it("refuses the currency once a transaction has landed between its check and its write, and changes nothing", async () => {
    const { token } = await signUp();
    const account = await createAccount(token, { name: "Soles", openingBalance: "10.00" });
    let release!: () => void;
    const held = heldWritesD1(env.DB, /^\s*UPDATE accounts/i, new Promise<void>((resolve) => (release = resolve)));
    // Y: the account has no transactions when it checks; it waits before writing.
    const y = worker.fetch(request(token, "PATCH", `/accounts/${account.id}`, { currency: "USD", name: "Dólares" }), { ...env, DB: held }, context());
    await new Promise((resolve) => setTimeout(resolve, 100));
    await addTransaction(token, account.id, { amount: "-2.50" });
    release();
    const answer = await y;
    expect(answer.status).toBe(422);
    expect((await answer.json<{ errors: Record<string, string[]> }>()).errors).toEqual({ currency: ["The currency cannot change once the account has transactions."] });
    const row = await env.DB.prepare("SELECT name, currency FROM accounts WHERE id = ?1").bind(account.id).first();
    expect(row).toEqual({ name: "Soles", currency: "PEN" });
    expect(await expectExactBalance(token, account.id)).toBe(750);
  });
});

describe("an edit and a delete of the same row, interleaved", () => {
  it("answers the edit that lost to the delete with 404, not a crash, for a transaction and a category", async () => {
    const { token } = await signUp();
    const account = await createAccount(token, { name: "Soles", openingBalance: "10.00" });
    const tx = await addTransaction(token, account.id, { amount: "-2.50" });
    const category = await SELF.fetch(`${BASE}/categories`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Mascotas", kind: "expense" }),
    }).then((r) => r.json<{ category: { id: string } }>());

    for (const [table, path, body] of [
      ["transactions", `/transactions/${tx.id}`, { amount: "-3.00" }],
      ["categories", `/categories/${category.category.id}`, { name: "Perros" }],
    ] as const) {
      // The edit has read the row and waits before writing; the delete commits meanwhile.
      let release!: () => void;
      const held = heldWritesD1(env.DB, new RegExp(`^\\s*UPDATE ${table}`, "i"), new Promise<void>((resolve) => (release = resolve)));
      const edit = worker.fetch(request(token, "PATCH", path, body), { ...env, DB: held }, context());
      await new Promise((resolve) => setTimeout(resolve, 100));
      const deleted = await SELF.fetch(BASE + path, { method: "DELETE", headers: { Authorization: `Bearer ${token}` } });
      expect({ path, deleted: deleted.ok }).toEqual({ path, deleted: true });
      release();
      const answer = await edit;
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
    }
    expect(await expectExactBalance(token, account.id)).toBe(1000);
  });
});

describe("an archive or a change of currency landing between a write's read and its write", () => {
  it("lets no transaction, transfer leg or imported row into the account, answers 409 with the reason, and writes nothing", async () => {
    const { token } = await signUp();
    const held = async (write: (db: D1Database) => Promise<Response>, meanwhile: () => Promise<unknown>) => {
      let release!: () => void;
      const db = heldWritesD1(env.DB, /^\s*INSERT INTO transactions/i, new Promise<void>((resolve) => (release = resolve)));
      const answer = write(db);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await meanwhile();
      release();
      return answer;
    };
    const patch = (accountId: string, body: unknown) => SELF.fetch(`${BASE}/accounts/${accountId}`, { method: "PATCH", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const soles = await createAccount(token, { name: "Soles", openingBalance: "0" });
    const other = await createAccount(token, { name: "Yape", type: "wallet", openingBalance: "50.00" });

    // "10.50" was read as 1050 céntimos; the account became Kuwaiti dinars (three decimals) meanwhile.
    const added = await held((db) => worker.fetch(request(token, "POST", `/accounts/${soles.id}/transactions`, { date: "2026-11-20", description: "Wong", amount: "10.50" }), { ...env, DB: db }, context()), () => patch(soles.id, { currency: "KWD" }));
    expect(added.status).toBe(409);
    expect((await added.json<{ detail: string }>()).detail).toBe("The account was archived or its currency changed while this was being saved, so nothing was saved. Reload the page and try again.");
    const back = await patch(soles.id, { currency: "PEN" });
    expect(back.status, await back.clone().text()).toBe(200);

    // A transfer whose receiving account is archived meanwhile: neither leg.
    const transfer = await held((db) => worker.fetch(request(token, "POST", "/transfers", { fromAccountId: other.id, toAccountId: soles.id, amount: "20.00", date: "2026-11-20" }), { ...env, DB: db }, context()), () => patch(soles.id, { archived: true }));
    expect(transfer.status).toBe(409);
    expect((await patch(soles.id, { archived: false })).status).toBe(200);

    // An import into an account archived meanwhile.
    const csv = "date,description,amount\n2026-11-01,Wong,-8.00\n2026-11-02,Tottus,-9.00\n";
    const imported = await held(
      (db) =>
        worker.fetch(
          new Request(`${BASE}/accounts/${soles.id}/import?dateColumn=0&descriptionColumn=1&amountColumn=2`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv" }, body: csv }) as Parameters<typeof worker.fetch>[0],
          { ...env, DB: db },
          context(),
        ),
      () => patch(soles.id, { archived: true }),
    );
    expect(imported.status).toBe(409);

    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM transactions WHERE account_id IN (?1, ?2)").bind(soles.id, other.id).first<{ n: number }>();
    expect(rows?.n).toBe(0);
    expect(await expectExactBalance(token, soles.id)).toBe(0);
    expect(await expectExactBalance(token, other.id)).toBe(5000);
  });
});
