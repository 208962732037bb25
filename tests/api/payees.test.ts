/** GET /payees: the payee field's suggestions, each with its last category (issue 35, ADR 051). */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";
import { addTransaction, createAccount } from "./ledger-helpers";
import { PAYEES_SQL } from "../../workers/api/src/payees/store";

describe("GET /payees", () => {
  it("lists the user's payees newest first, each with the category of its latest categorised movement", async () => {
    const { token } = await signUp();
    const soles = await createAccount(token, { name: "BCP", currency: "PEN" });
    const dollars = await createAccount(token, { name: "IBK", currency: "USD" });
    const categories = (await call("/categories", { token })).json.categories as Array<{ id: string; name: string }>;
    const id = (name: string) => categories.find((category) => category.name === name)!.id;
    await addTransaction(token, soles.id, { date: "2026-11-01", description: "Menú", amount: "-12.00", payee: "Wong", categoryId: id("Dining") });
    await addTransaction(token, soles.id, { date: "2026-11-03", description: "Compras", amount: "-85.40", payee: "Wong", categoryId: id("Groceries") });
    // A later movement without a category does not forget the payee's category.
    await addTransaction(token, dollars.id, { date: "2026-11-05", description: "Sin categoría", amount: "-5.00", payee: "Wong" });
    await addTransaction(token, soles.id, { date: "2026-11-04", description: "Sueldo", amount: "4500.00", payee: "Empresa SAC", categoryId: id("Income") });
    await addTransaction(token, soles.id, { date: "2026-11-02", description: "Luz", amount: "-132.70", payee: "Luz del Sur" });
    await addTransaction(token, soles.id, { date: "2026-11-06", description: "Sin payee", amount: "-1.00" });

    const all = await call("/payees", { token });
    expect(all.status).toBe(200);
    expect(all.json.payees).toEqual([
      { name: "Wong", categoryId: id("Groceries") },
      { name: "Empresa SAC", categoryId: id("Income") },
      { name: "Luz del Sur", categoryId: null },
    ]);
    // Text the payee contains, in any case.
    expect((await call("/payees?q=luz", { token })).json.payees).toEqual([{ name: "Luz del Sur", categoryId: null }]);
    expect((await call("/payees?q=SAC", { token })).json.payees).toEqual([{ name: "Empresa SAC", categoryId: id("Income") }]);
    expect((await call("/payees?q=nadie", { token })).json.payees).toEqual([]);
    // A deleted category leaves the payee without one.
    expect((await call(`/categories/${id("Income")}`, { method: "DELETE", token })).status).toBe(204);
    expect((await call("/payees?q=Empresa", { token })).json.payees).toEqual([{ name: "Empresa SAC", categoryId: null }]);
  });

  it("is the signed-in user's only, and needs a session", async () => {
    const ana = await signUp();
    const luis = await signUp();
    const account = await createAccount(ana.token, { name: "BCP" });
    await addTransaction(ana.token, account.id, { date: "2026-11-01", description: "Menú", amount: "-12.00", payee: "Pollería Ana" });
    expect((await call("/payees", { token: luis.token })).json.payees).toEqual([]);
    expect((await call("/payees?q=Ana", { token: luis.token })).json.payees).toEqual([]);
    expect((await call("/payees")).status).toBe(401);
  });

  it("refuses a query longer than a payee may be, with the field's message", async () => {
    const { token } = await signUp();
    const long = await call(`/payees?q=${"x".repeat(101)}`, { token });
    expect(long.status).toBe(422);
    expect(JSON.stringify(long.json)).toMatch(/q/);
  });

  it("reads the user's payee index alone (migration 0022), grouping in its order", async () => {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${PAYEES_SQL}`).bind("00000000-0000-4000-8000-000000000001", "wong").all<{ detail: string }>();
    const plan = results.map((row) => row.detail).join(" | ");
    expect(plan).toMatch(/SEARCH t USING COVERING INDEX transactions_user_payee \(user_id=\?/);
    expect(plan).toMatch(/SEARCH c USING (COVERING )?INDEX transactions_user_payee \(user_id=\? AND payee=\?/);
    expect(plan).not.toMatch(/USE TEMP B-TREE FOR GROUP BY|SCAN|transactions_user_date/);
  });
});
