/**
 * The query plans the ledger's costs rest on (ADR 010): SQLite's own EXPLAIN QUERY PLAN on the real
 * D1 schema, so a migration that drops a column from an index, or a change of the SQL that stops
 * using it, fails here instead of showing up as a slow page at a million rows.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { totalsQuery, type Filters } from "../../workers/api/src/ledger/list";

const ACCOUNT = "00000000-0000-4000-8000-000000000001";
const CATEGORY = "00000000-0000-4000-8000-0000000000ca";

async function planOf(filters: Filters): Promise<string> {
  const { sql, params } = totalsQuery(ACCOUNT, filters);
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
});
