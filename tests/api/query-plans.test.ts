/**
 * The query plans the ledger's costs rest on (ADR 010): SQLite's own EXPLAIN QUERY PLAN on the real
 * D1 schema, so a migration that drops a column from an index, or a change of the SQL that stops
 * using it, fails here instead of showing up as a slow page at a million rows.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OWN_IDS_SQL, SAME_CONTENT_SQL, SAME_DAY_AND_AMOUNT_SQL } from "../../workers/api/src/import/store";
import { IMPORT_RECORDS_SQL, LINK_SQL, UNDO_SQL } from "../../workers/api/src/import/store";
import { rowsQuery, totalsQuery, type Filters, type Order, type Sort } from "../../workers/api/src/transactions/list-store";
import { BY_ID_SQL } from "../../workers/api/src/transactions/store";
import { registerRowsQuery, registerTotalsQuery } from "../../workers/api/src/transactions/register-store";

const ACCOUNT = "00000000-0000-4000-8000-000000000001";
const CATEGORY = "00000000-0000-4000-8000-0000000000ca";

async function planOf(filters: Filters): Promise<string> {
  return explain(totalsQuery(ACCOUNT, filters));
}

async function rowsPlanOf(filters: Filters, sort: Sort, order: Order): Promise<string> {
  return explain(rowsQuery(ACCOUNT, filters, sort, order, null, 51));
}

async function explain({ sql, params }: { sql: string; params: unknown[] }): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail).join(" | ");
}

describe("query plans of a list's totals", () => {
  it("sums a category's amounts from the index alone (migration 0007), with or without dates", async () => {
    expect(await planOf({ category: CATEGORY, from: "2026-08-01" })).toMatch(/USING COVERING INDEX transactions_account_category \(account_id=\? AND category_id=\? AND date>\?\)/);
    expect(await planOf({ category: CATEGORY })).toMatch(/USING COVERING INDEX transactions_account_category \(account_id=\? AND category_id=\?\)/);
  });

  it("reads a date range's totals from the per-day table, not the rows", async () => {
    const plan = await planOf({ from: "2026-08-01", to: "2026-08-31" });
    expect(plan).toMatch(/SEARCH account_days USING PRIMARY KEY/);
    expect(plan).not.toMatch(/transactions/);
  });

  it("finds pending rows in their own index (migration 0008), and posted totals as all rows less those", async () => {
    expect(await planOf({ status: "pending" })).toMatch(/USING COVERING INDEX transactions_pending/);
    expect(await planOf({ status: "pending", from: "2026-08-01" })).toMatch(/USING COVERING INDEX transactions_pending \(account_id=\? AND date>\?\)/);
    const posted = await planOf({ status: "posted", from: "2026-08-01" });
    expect(posted).toMatch(/SEARCH account_days USING PRIMARY KEY/);
    expect(posted).toMatch(/USING COVERING INDEX transactions_pending/);
    expect(posted).not.toMatch(/SCAN (t|transactions)\b|transactions_account_(date|category|amount)/);
  });
});

describe("query plans of a list's rows", () => {
  it("pages pending rows from their index in any order, never walking the account's other indexes", async () => {
    for (const [sort, order] of [["date", "desc"], ["date", "asc"], ["amount", "desc"], ["amount", "asc"]] as const) {
      const plan = await rowsPlanOf({ status: "pending" }, sort, order);
      expect(plan, `${sort} ${order}`).toMatch(/SEARCH t USING INDEX transactions_pending/);
      expect(plan, `${sort} ${order}`).not.toMatch(/transactions_account_/);
    }
  });

  it("pages a category (or the uncategorised) from the category's index in the list's order, without sorting", async () => {
    for (const category of [CATEGORY, "none"]) {
      for (const order of ["desc", "asc"] as const) {
        const plan = await rowsPlanOf({ category }, "date", order);
        expect(plan, `${category} ${order}`).toMatch(/SEARCH t USING INDEX transactions_account_category \(account_id=\? AND category_id=\?\)/);
        expect(plan, `${category} ${order}`).not.toMatch(/TEMP B-TREE/);
      }
    }
  });

  it("pages amount bounds in date order along the (date, id) index, not by sorting the amount range", async () => {
    for (const bounds of [{ min: -100_000 }, { max: 0 }, { min: -5_000, max: -1 }, { min: 0, status: "posted" as const }]) {
      for (const order of ["desc", "asc"] as const) {
        const plan = await rowsPlanOf(bounds, "date", order);
        expect(plan, `${JSON.stringify(bounds)} ${order}`).toMatch(/SEARCH t USING INDEX transactions_account_date \(account_id=\?\)/);
        expect(plan, `${JSON.stringify(bounds)} ${order}`).not.toMatch(/TEMP B-TREE/);
      }
    }
  });

  it("pages the whole history, newest first, from the account's (date, id) index without sorting", async () => {
    const plan = await rowsPlanOf({}, "date", "desc");
    expect(plan).toMatch(/SEARCH t USING INDEX transactions_account_date \(account_id=\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });
});


describe("query plans of reads and writes by id", () => {
  it("finds a transaction, its transfer's other leg, a transfer's legs and a set of ids by their own index, never the user's whole index", async () => {
    const plans = {
      transaction: await explain({ sql: BY_ID_SQL.transaction, params: ["t1", "u1"] }),
      leg: await explain({ sql: BY_ID_SQL.leg, params: ["t1", "u1"] }),
      transactions: await explain({ sql: BY_ID_SQL.transactions, params: ["u1", "[]"] }),
      deleteTransactions: await explain({ sql: BY_ID_SQL.deleteTransactions, params: ["u1", "[]"] }),
      otherLeg: await explain({ sql: BY_ID_SQL.otherLeg, params: ["t1", "u1"] }),
      transferLegs: await explain({ sql: BY_ID_SQL.transferLegs, params: ["x1", "u1"] }),
    };
    for (const name of ["transaction", "leg", "transactions", "deleteTransactions"] as const) expect(plans[name], name).toMatch(/^SEARCH (t|transactions) USING INDEX sqlite_autoindex_transactions_1 \(id=\?\)/);
    for (const name of ["otherLeg", "transferLegs"] as const) expect(plans[name], name).toMatch(/^SEARCH t USING INDEX transactions_transfer \(transfer_id=\?\)/);
    for (const [name, plan] of Object.entries(plans)) expect(plan, name).not.toMatch(/transactions_user|SCAN (t|transactions)\b/);
  });

  it("checks a re-imported export's ids by the id index, not by walking the account's rows", async () => {
    const plan = await explain({ sql: OWN_IDS_SQL, params: [ACCOUNT, "[]"] });
    expect(plan).toMatch(/^SEARCH transactions USING INDEX sqlite_autoindex_transactions_1 \(id=\?\)/);
    expect(plan).not.toMatch(/transactions_account_/);
  });

  it("reads a file's days and amounts, for duplicates across a reference and content, by the (account, date) index", async () => {
    const plan = await explain({ sql: SAME_DAY_AND_AMOUNT_SQL, params: [ACCOUNT, '[["2026-11-03",-850]]'] });
    expect(plan).toMatch(/SEARCH t USING INDEX transactions_account_date \(account_id=\? AND date=\?\)/);
    expect(plan).not.toMatch(/SCAN t\b|transactions_user/);
    const byContent = await explain({ sql: SAME_CONTENT_SQL, params: [ACCOUNT, '["c:0"]'] });
    expect(byContent).toMatch(/SEARCH transactions USING INDEX transactions_import_content \(account_id=\? AND import_content=\?\)/);
  });

  it("undoes an import by its own index, and lists an account's imports by theirs, never walking the account's rows", async () => {
    const undo = await explain({ sql: UNDO_SQL.delete, params: ["i1", ACCOUNT, "u1", 1] });
    expect(undo).toMatch(/^SEARCH transactions USING INDEX transactions_import \(import_id=\?\)/);
    expect(undo).not.toMatch(/transactions_account_|transactions_user|SCAN transactions\b/);
    const listed = await explain({ sql: IMPORT_RECORDS_SQL, params: [ACCOUNT, "u1"] });
    // The partial index is in created_at order already: no sort.
    expect(listed).toMatch(/^SEARCH imports USING INDEX imports_account \(account_id=\?\)$/);
  });

  it("links an import's matched rows by one id lookup per link, never a subquery per row (linear in the links)", async () => {
    const plan = await explain({ sql: LINK_SQL, params: [ACCOUNT, "u1", "PEN", "[]", 1] });
    expect(plan).toMatch(/SCAN json_each/);
    expect(plan).toMatch(/SEARCH transactions USING INDEX sqlite_autoindex_transactions_1 \(id=\?\)/);
    expect(plan).not.toMatch(/CORRELATED|SCAN transactions\b|transactions_account_/);
  });
});

describe("query plans of the register across accounts (ADR 054)", () => {
  const USER = "00000000-0000-4000-8000-0000000000aa";

  it("pages the user's rows in (date, id) order from transactions_user_date (migration 0023), without sorting them", async () => {
    for (const order of ["desc", "asc"] as const) {
      for (const filters of [{}, { from: "2026-08-01", to: "2026-08-31" }, { min: 100000, max: 500000, direction: "out" as const }]) {
        const plan = await explain(registerRowsQuery(USER, filters, "date", order, null, 51));
        expect(plan, `${order} ${JSON.stringify(filters)}`).toMatch(/SEARCH t USING INDEX transactions_user_date \(user_id=\?/);
        expect(plan, `${order} ${JSON.stringify(filters)}`).not.toMatch(/TEMP B-TREE|SCAN t\b/);
      }
    }
  });

  it("reads the totals of the whole history from the accounts, and of a date range from the per-day table", async () => {
    const whole = await explain(registerTotalsQuery(USER, {}));
    expect(whole).toMatch(/SEARCH a USING INDEX accounts_user/);
    expect(whole).not.toMatch(/transactions/);
    const range = await explain(registerTotalsQuery(USER, { from: "2026-08-01", to: "2026-08-31" }));
    expect(range).toMatch(/SEARCH d USING PRIMARY KEY/);
    expect(range).not.toMatch(/transactions/);
  });
});
