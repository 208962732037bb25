/**
 * Migration 0015 gives rows imported before it the fingerprint an import now makes from a bank's
 * reference (the reference, the day and the amount), so re-importing an old statement adds nothing.
 * Its own file: the migration is run again here, on this file's isolated database.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";
import { createAccount, expectExactBalance } from "./ledger-helpers";

const MIGRATION = env.TEST_MIGRATIONS.find((migration) => migration.name.startsWith("0015_"));

describe("migration 0015: bank references with their day and amount", () => {
  it("rewrites fingerprints made from a reference alone, and re-importing that statement adds nothing", async () => {
    expect(MIGRATION, "migration 0015 is in the list").toBeDefined();
    const { token } = await signUp();
    const account = await createAccount(token);
    const csv = ["Fecha,Descripción,Monto,Operación", "05/01/2026,Plaza Vea,-85.40,000123", "06/01/2026,Sueldo,4500.00,000124"].join("\n");
    const query = "dateColumn=0&descriptionColumn=1&amountColumn=2&idColumn=3&dateFormat=DD/MM/YYYY";
    const upload = () => call(`/accounts/${account.id}/import?${query}`, { method: "POST", token, rawBody: csv, headers: { "Content-Type": "text/csv" } });
    expect((await upload()).json).toMatchObject({ imported: 2 });
    // As an import before the migration stored them.
    await env.DB.prepare("UPDATE transactions SET import_fingerprint = substr(import_fingerprint, 1, instr(import_fingerprint, '|') - 1) WHERE account_id = ?").bind(account.id).run();
    const before = await env.DB.prepare("SELECT import_fingerprint AS f FROM transactions WHERE account_id = ? ORDER BY date").bind(account.id).all<{ f: string }>();
    expect(before.results.map((row) => row.f)).toEqual(["id:000123", "id:000124"]);

    for (const query of MIGRATION!.queries) await env.DB.prepare(query).run();

    const after = await env.DB.prepare("SELECT import_fingerprint AS f FROM transactions WHERE account_id = ? ORDER BY date").bind(account.id).all<{ f: string }>();
    expect(after.results.map((row) => row.f)).toEqual(["id:000123|2026-01-05|-8540", "id:000124|2026-01-06|450000"]);
    expect((await upload()).json).toMatchObject({ imported: 0, duplicates: 2 });
    expect(await expectExactBalance(token, account.id)).toBe(-8540 + 450000);
  });
});
