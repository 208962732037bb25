import { env, SELF } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { todayInZone } from "../../core/dates";
import { toDecimalString } from "../../core/money";
import { RESTORE_MAX_BYTES } from "../../core/schemas/restore";
import { BASE, call, signUp, uniqueIp } from "./helpers";
import { addTransaction, createAccount, expectExactBalance } from "./ledger-helpers";
import { dbChecksum } from "./proof-openapi";

/**
 * "Import everything" (ADR 060): the JSON export back into an empty ledger. A round trip over
 * random ledgers gives the same export again, ids aside; a tampered file is refused with its
 * reason and writes nothing.
 */

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the export's JSON, read field by field

async function exportOf(token: string): Promise<Doc> {
  const response = await SELF.fetch(`${BASE}/users/me/export?format=json`, { headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": uniqueIp() } });
  expect(response.status).toBe(200);
  return (await response.json()) as Doc;
}

function restore(token: string, file: unknown, headers: Record<string, string> = {}) {
  return call("/users/me/restore", { token, rawBody: typeof file === "string" ? file : JSON.stringify(file), headers: { "Content-Type": "application/json", ...headers } });
}

async function putReceipt(token: string, transactionId: string) {
  const response = await SELF.fetch(`${BASE}/transactions/${transactionId}/receipt`, { method: "PUT", headers: { Authorization: `Bearer ${token}`, "Content-Type": "image/jpeg", "CF-Connecting-IP": uniqueIp() }, body: JPEG });
  expect(response.status).toBe(200);
}

const today = () => todayInZone("America/Lima");

async function objectCount(userId: string): Promise<number> {
  return (await env.RECEIPTS.list({ prefix: `receipts/${userId}/` })).objects.length;
}

/**
 * What a second export may differ in, taken out: the instant it was made, the profile (the
 * signed-in user's own: id, email, name, creation), and every id, each replaced by its kind and
 * the row's place in the file (`account#0`), the links too (a transfer's id by first appearance).
 * Everything else (names, amounts, dates, instants, statuses, payees, notes, import records and
 * fingerprints, reconciliations, receipt bytes and types, budgets and their lines, schedules with
 * their overrides, postings and dismissals, own rates, the reporting currency, order of rows) must be equal.
 */
function normalised(doc: Doc): Doc {
  const label = (kind: string, rows: Doc[]) => new Map(rows.map((row, i) => [row.id as string, `${kind}#${i}`]));
  const accounts = label("account", doc.accounts);
  const categories = label("category", doc.categories);
  const imports = label("import", doc.imports ?? []);
  const transactions = label("transaction", doc.transactions);
  const budgets = label("budget", doc.budgets ?? []);
  const schedules = label("schedule", doc.schedules ?? []);
  const link = (labels: Map<string, string>, id: string | null) => (id === null ? null : labels.get(id));
  const transfers = new Map<string, string>();
  const transfer = (id: string | null) => {
    if (id === null) return null;
    if (!transfers.has(id)) transfers.set(id, `transfer#${transfers.size}`);
    return transfers.get(id)!;
  };
  const { exportedAt: _at, user, ...rest } = doc;
  return {
    ...rest,
    user: { locale: user.locale, timeZone: user.timeZone, theme: user.theme },
    accounts: doc.accounts.map((a: Doc) => ({ ...a, id: accounts.get(a.id) })),
    categories: doc.categories.map((c: Doc) => ({ ...c, id: categories.get(c.id) })),
    imports: (doc.imports ?? []).map((r: Doc) => ({ ...r, id: imports.get(r.id), accountId: accounts.get(r.accountId) })),
    reconciliation: (doc.reconciliation ?? []).map((r: Doc) => ({ ...r, id: null, accountId: accounts.get(r.accountId) })),
    transactions: doc.transactions.map((t: Doc) => ({
      ...t,
      id: transactions.get(t.id),
      accountId: accounts.get(t.accountId),
      categoryId: t.categoryId === null ? null : categories.get(t.categoryId),
      transferId: transfer(t.transferId),
      importId: t.importId === null ? null : imports.get(t.importId),
      createdForTransfer: transfer(t.createdForTransfer ?? null),
    })),
    budgets: (doc.budgets ?? []).map((b: Doc) => ({ ...b, id: budgets.get(b.id) })),
    budgetLines: (doc.budgetLines ?? []).map((l: Doc, i: number) => ({ ...l, id: `line#${i}`, budgetId: budgets.get(l.budgetId), categoryId: link(categories, l.categoryId) })),
    schedules: (doc.schedules ?? []).map((x: Doc) => ({ ...x, id: schedules.get(x.id), accountId: accounts.get(x.accountId), toAccountId: link(accounts, x.toAccountId), categoryId: link(categories, x.categoryId) })),
    scheduleOverrides: (doc.scheduleOverrides ?? []).map((o: Doc) => ({ ...o, scheduleId: schedules.get(o.scheduleId) })),
    schedulePostings: (doc.schedulePostings ?? []).map((p: Doc) => ({ ...p, scheduleId: schedules.get(p.scheduleId), transactionId: link(transactions, p.transactionId) })),
    userRates: (doc.userRates ?? []).map((r: Doc, i: number) => ({ ...r, id: `rate#${i}` })),
    receipts: (doc.receipts ?? []).map((r: Doc) => ({ ...r, transactionId: transactions.get(r.transactionId) })),
  };
}

const CURRENCIES = ["PEN", "USD", "JPY", "BHD"] as const;

const ledgerArbitrary = fc.record({
  accounts: fc.array(fc.record({ currency: fc.constantFrom(...CURRENCIES), opening: fc.integer({ min: -500_000, max: 500_000 }), archived: fc.boolean() }), { minLength: 2, maxLength: 3 }),
  categories: fc.uniqueArray(fc.constantFrom("Mascotas", "Viajes", "Regalos", "Café"), { maxLength: 2 }),
  transactions: fc.array(
    fc.record({
      account: fc.nat(),
      minor: fc.integer({ min: -200_000, max: 200_000 }).filter((n) => n !== 0),
      day: fc.integer({ min: 1, max: 28 }),
      description: fc.constantFrom("Wong", "Sueldo", "Café Ñusta", "Plaza Vea", "Taxi \"rápido\""),
      category: fc.option(fc.nat(), { nil: null }),
      payee: fc.option(fc.constantFrom("Tambo", "Rappi"), { nil: null }),
      notes: fc.option(fc.constantFrom("nota", "línea\nsegunda"), { nil: null }),
      pending: fc.boolean(),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  transfers: fc.array(fc.record({ from: fc.nat(), to: fc.nat(), minor: fc.integer({ min: 1, max: 100_000 }), toMinor: fc.integer({ min: 1, max: 100_000 }) }), { maxLength: 3 }),
  receipt: fc.boolean(),
  reconcile: fc.boolean(),
  importCsv: fc.boolean(),
  /** "Convert to transfer" on the first movement: its other leg is created (created_for_transfer). */
  convert: fc.boolean(),
  budget: fc.option(
    fc.record({
      period: fc.constantFrom("monthly", "quincena", "payCycle"),
      cycleDay: fc.integer({ min: 1, max: 31 }),
      lines: fc.array(fc.record({ category: fc.option(fc.nat(), { nil: null }), minor: fc.integer({ min: 0, max: 500_000 }), rollover: fc.constantFrom("none", "unspent", "all") }), { maxLength: 3 }),
    }),
    { nil: null },
  ),
  schedule: fc.option(
    fc.record({ transfer: fc.boolean(), mode: fc.constantFrom("auto", "confirm"), estimate: fc.boolean(), category: fc.option(fc.nat(), { nil: null }), post: fc.boolean(), deletePosted: fc.boolean(), skip: fc.boolean(), edit: fc.boolean() }),
    { nil: null },
  ),
  dismiss: fc.boolean(),
  ownRate: fc.boolean(),
  reportingCurrency: fc.constantFrom("PEN", "USD", "EUR"),
});
type Ledger = typeof ledgerArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** Builds the ledger through the API, as a person would. */
async function build(token: string, ledger: Ledger) {
  const made: Array<{ id: string; currency: string }> = [];
  for (const [i, a] of ledger.accounts.entries()) {
    made.push(await createAccount(token, { name: `Cuenta ${i}`, currency: a.currency, openingBalance: toDecimalString(a.opening, a.currency), openingDate: "2026-10-01" }));
  }
  const categoryIds: string[] = [];
  for (const name of ledger.categories) {
    const created = await call("/categories", { token, body: { name, kind: "expense" } });
    expect(created.status).toBe(201);
    categoryIds.push(created.json.category.id);
  }
  const all = (await call("/categories", { token })).json.categories.map((c: { id: string }) => c.id) as string[];
  const transactionIds: string[] = [];
  const transactionAccounts: number[] = [];
  for (const t of ledger.transactions) {
    transactionAccounts.push(t.account % made.length);
    const account = made[t.account % made.length]!;
    const row = await addTransaction(token, account.id, {
      date: `2026-11-${String(t.day).padStart(2, "0")}`,
      description: t.description,
      amount: toDecimalString(t.minor, account.currency),
      categoryId: t.category === null ? undefined : all[t.category % all.length],
      payee: t.payee ?? undefined,
      notes: t.notes ?? undefined,
      status: t.pending ? "pending" : "posted",
    });
    transactionIds.push(row.id);
  }
  for (const x of ledger.transfers) {
    const from = made[x.from % made.length]!;
    const to = made[(x.from + 1 + (x.to % (made.length - 1))) % made.length]!;
    const body: Record<string, string> = { fromAccountId: from.id, toAccountId: to.id, date: "2026-11-15", description: "Entre cuentas", amount: toDecimalString(x.minor, from.currency) };
    if (from.currency !== to.currency) body.toAmount = toDecimalString(x.toMinor, to.currency);
    const moved = await call("/transfers", { token, body });
    expect(moved.status, JSON.stringify(moved.json)).toBe(201);
  }
  if (ledger.receipt) await putReceipt(token, transactionIds[0]!);
  if (ledger.convert) {
    const from = ledger.transactions[0]!;
    const to = made[(transactionAccounts[0]! + 1) % made.length]!;
    const body: Record<string, string> = { accountId: to.id };
    if (to.currency !== made[transactionAccounts[0]!]!.currency) body.amount = toDecimalString(Math.min(Math.abs(from.minor), 100_000), to.currency);
    const converted = await call(`/transactions/${transactionIds[0]}/transfer`, { token, body });
    expect(converted.status, JSON.stringify(converted.json)).toBe(201);
  }
  await buildMoneySetup(token, ledger, made);
  if (ledger.importCsv && made[0]!.currency !== "JPY" && made[0]!.currency !== "BHD") {
    const csv = "date,description,amount,ref\r\n2026-11-03,PLAZA VEA,-12.50,OP-1\r\n2026-11-04,ABONO,300.00,OP-2\r\n";
    const params = new URLSearchParams({ dateColumn: "0", descriptionColumn: "1", amountColumn: "2", idColumn: "3", dateFormat: "YYYY-MM-DD", decimalSeparator: "." });
    const imported = await call(`/accounts/${made[0]!.id}/import?${params}`, { method: "POST", token, rawBody: csv, headers: { "Content-Type": "text/csv" } });
    expect(imported.status, JSON.stringify(imported.json)).toBe(201);
  }
  if (ledger.reconcile) {
    const balance = (await call(`/accounts/${made[1]!.id}/reconciliation?date=2026-11-30`, { token })).json;
    const reconciled = await call(`/accounts/${made[1]!.id}/reconciliation`, { token, body: { date: "2026-11-30", balance: toDecimalString(balance.ledgerBalanceMinor, made[1]!.currency) } });
    expect(reconciled.status, JSON.stringify(reconciled.json)).toBe(201);
  }
  for (const [i, a] of ledger.accounts.entries()) if (a.archived) expect((await call(`/accounts/${made[i]!.id}`, { method: "PATCH", token, body: { archived: true } })).status).toBe(200);
  return made;
}

/** Version 3's kinds through the API: a budget and its lines, a schedule with its days, a dismissal, own rates, the reporting currency. */
type MoneySetup = Pick<Ledger, "budget" | "schedule" | "dismiss" | "ownRate" | "reportingCurrency">;
async function buildMoneySetup(token: string, ledger: MoneySetup, made: Array<{ id: string; currency: string }>) {
  const categories = (await call("/categories", { token })).json.categories as Array<{ id: string; kind: string }>;
  const expense = categories.filter((c) => c.kind === "expense").map((c) => c.id);
  if (ledger.budget) {
    const b = ledger.budget;
    const created = await call("/budgets", { token, body: { name: "Casa", currency: "PEN", period: b.period, cycleDay: b.cycleDay, startsOn: "2026-11-01" } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const seen = new Set<string | null>();
    const lines = b.lines
      .map((l) => ({ categoryId: l.category === null ? null : expense[l.category % expense.length]!, amount: toDecimalString(l.minor, "PEN"), rollover: l.rollover }))
      .filter((l) => !seen.has(l.categoryId) && seen.add(l.categoryId));
    const put = await call(`/budgets/${created.json.budget.id}/lines`, { method: "PUT", token, body: { lines } });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
  }
  if (ledger.schedule) {
    const x = ledger.schedule;
    const [from, to] = [made[0]!, made[1]!];
    const body: Record<string, unknown> = { accountId: from.id, description: "Alquiler", amount: toDecimalString(x.transfer ? 1500 : -1500, from.currency), kind: "days", interval: 7, start: today(), mode: x.mode, estimate: x.estimate };
    if (x.transfer) body.toAccountId = to.id;
    if (x.transfer && to.currency !== from.currency) body.toAmount = toDecimalString(400, to.currency);
    if (!x.transfer && x.category !== null) body.categoryId = expense[x.category % expense.length];
    const created = await call("/schedules", { token, body });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.schedule.id as string;
    const [d0, d1, d2] = [0, 7, 14].map((n) => new Date(Date.parse(`${today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10));
    if (x.post) {
      const posted = await call(`/schedules/${id}/occurrences/${d0}/post`, { method: "POST", token });
      expect(posted.status, JSON.stringify(posted.json)).toBe(201);
      // A posted movement deleted later: the day stays posted, its posting names nothing.
      if (x.deletePosted && !x.transfer) expect((await call(`/transactions/${posted.json.occurrence.transactionId}`, { method: "DELETE", token })).status).toBe(200);
    }
    if (x.skip) expect((await call(`/schedules/${id}/occurrences/${d1}/skip`, { method: "POST", token })).status).toBe(200);
    if (x.edit) expect((await call(`/schedules/${id}/occurrences/${d2}`, { method: "PUT", token, body: { amount: toDecimalString(x.transfer ? 900 : -900, from.currency), description: "Alquiler + luz" } })).status).toBe(200);
  }
  if (ledger.dismiss) expect((await call("/schedules/suggestions/dismiss", { token, body: { key: "wong" } })).status).toBe(200);
  if (ledger.ownRate) {
    expect((await call("/rates/own", { token, body: { currency: "USD", from: "2026-11-01", to: "2026-11-30", rate: "3.71", note: "Casa de cambio" } })).status).toBe(201);
    expect((await call("/rates/own", { token, body: { currency: "EUR", quote: "USD", from: "2026-10-01", rate: "1.08" } })).status).toBe(201);
  }
  expect((await call("/rates/reporting-currency", { method: "PUT", token, body: { currency: ledger.reportingCurrency } })).status).toBe(200);
}

describe("restore from the full export", () => {
  it("brings a random ledger back: a second export equals the first, ids aside", { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(ledgerArbitrary, async (ledger) => {
        const source = await signUp();
        await build(source.token, ledger);
        const first = await exportOf(source.token);
        expect(first.version).toBe(3);
        // The generated ledger reached the export: the sections under test are not empty by accident.
        expect(first.receipts).toHaveLength(ledger.receipt ? 1 : 0);
        expect(first.reconciliation).toHaveLength(ledger.reconcile ? 1 : 0);
        expect(first.imports).toHaveLength(ledger.importCsv && ["PEN", "USD"].includes(first.accounts[0].currency) ? 1 : 0);
        const scheduledTransfer = ledger.schedule?.transfer && ledger.schedule.post ? 2 : 0;
        expect(first.transactions.filter((t: Doc) => t.transferId)).toHaveLength(ledger.transfers.length * 2 + (ledger.convert ? 2 : 0) + scheduledTransfer);
        expect(first.transactions.filter((t: Doc) => t.createdForTransfer)).toHaveLength(ledger.convert ? 1 : 0);
        expect(first.budgets).toHaveLength(ledger.budget ? 1 : 0);
        expect(first.schedules).toHaveLength(ledger.schedule ? 1 : 0);
        expect(first.schedulePostings).toHaveLength(ledger.schedule?.post ? 1 : 0);
        expect(first.scheduleOverrides).toHaveLength((ledger.schedule?.skip ? 1 : 0) + (ledger.schedule?.edit ? 1 : 0));
        expect(first.scheduleDismissals).toHaveLength(ledger.dismiss ? 1 : 0);
        expect(first.userRates).toHaveLength(ledger.ownRate ? 2 : 0);
        expect(first.reportingCurrency).toBe(ledger.reportingCurrency);
        const target = await signUp();
        const restored = await restore(target.token, first);
        expect(restored.status, JSON.stringify(restored.json)).toBe(201);
        expect(restored.json.restored).toMatchObject({ accounts: first.accounts.length, transactions: first.transactions.length, receipts: first.receipts.length });
        const second = await exportOf(target.token);
        expect(normalised(second)).toEqual(normalised(first));
        // Balances are their transactions, and every receipt object is there.
        for (const account of second.accounts) await expectExactBalance(target.token, account.id);
        expect(await objectCount(target.user.id)).toBe(first.receipts.length);
        // New ids, not the old ones.
        expect(second.accounts.map((a: Doc) => a.id)).not.toContain(first.accounts[0].id);
      }),
      { numRuns: 6 },
    );
  });

  /** A small ledger's export: two accounts, a transfer, a receipt, and version 3's kinds (a posted schedule's movement is the fourth transaction). */
  async function sampleFile() {
    const source = await signUp();
    const pen = await createAccount(source.token, { openingBalance: "100.00" });
    const usd = await createAccount(source.token, { name: "Dólares", currency: "USD" });
    const spent = await addTransaction(source.token, pen.id, { amount: "-20.00" });
    await putReceipt(source.token, spent.id);
    expect((await call("/transfers", { token: source.token, body: { fromAccountId: pen.id, toAccountId: usd.id, date: "2026-11-15", description: "Cambio", amount: "37.00", toAmount: "10.00" } })).status).toBe(201);
    await buildMoneySetup(source.token, SAMPLE_SETUP, [pen, usd]);
    const file = await exportOf(source.token);
    expect([file.budgetLines.length, file.schedulePostings.length, file.scheduleOverrides.length, file.userRates.length]).toEqual([1, 1, 1, 2]);
    return file;
  }

  /** Version 3's kinds of the sample: a budget with one category's line, a schedule posted once and skipped once, a dismissal, two own rates. */
  const SAMPLE_SETUP: MoneySetup = {
    budget: { period: "monthly", cycleDay: 1, lines: [{ category: 0, minor: 50_000, rollover: "unspent" }] },
    schedule: { transfer: false, mode: "confirm", estimate: false, category: 0, post: true, deletePosted: false, skip: true, edit: false },
    dismiss: true,
    ownRate: true,
    reportingCurrency: "USD",
  };
  const V3_KEYS = ["budgets", "budgetLines", "schedules", "scheduleOverrides", "schedulePostings", "scheduleDismissals", "userRates", "reportingCurrency"];
  const withoutV3 = (file: Doc): Doc => ({
    ...Object.fromEntries(Object.entries(file).filter(([key]) => !V3_KEYS.includes(key))),
    transactions: file.transactions.map(({ createdForTransfer: _c, ...t }: Doc) => t),
  });

  type Tamper = [name: string, change: (file: Doc) => unknown, field: string, english: RegExp];
  const TAMPERED: Tamper[] = [
    ["wrong version", (f) => ({ ...f, version: 99 }), "version", /version 1, 2 or 3/],
    ["not an export", (f) => ({ ...f, format: "actual-budget" }), "version", /this version can read/],
    ["a transaction for a missing account", (f) => (f.transactions[0].accountId = "missing", f), "transactions[0].accountId", /account the file does not have/],
    ["a balance that is not its transactions", (f) => (f.accounts[0].balanceMinor += 1, f), "accounts[0].balanceMinor", /opening balance plus/],
    ["a transfer with one leg", (f) => (f.transactions = f.transactions.filter((t: Doc, i: number) => !(t.transferId && f.transactions.findIndex((u: Doc) => u.transferId === t.transferId) === i)), f), "transferId", /two legs/],
    ["an unknown currency", (f) => (f.accounts[0].currency = "XYZ", f), "accounts[0].currency", /Unknown currency/],
    ["a bad date", (f) => (f.transactions[0].date = "2026-02-30", f), "transactions[0].date", /valid date/],
    ["a repeated id", (f) => (f.transactions[1].id = f.transactions[0].id, f), "transactions[1].id", /twice/],
    ["a currency that is not the account's", (f) => (f.transactions[0].currency = f.transactions[0].currency === "PEN" ? "USD" : "PEN", f), "transactions[0].currency", /not the account's/],
    ["a receipt that is not an image", (f) => (f.receipts[0].data = btoa("<html>"), f), "receipts[0].data", /is not a JPEG/],
    ["a receipt left out", (f) => (f.receipts = [], f), "hasReceipt", /does not carry its image/],
    ["a category the file does not have", (f) => (f.transactions[0].categoryId = "nope", f), "transactions[0].categoryId", /category the file does not have/],
    ["a budget line of a budget the file does not have", (f) => (f.budgetLines[0].budgetId = "missing", f), "budgetLines[0].budgetId", /budget the file does not have/],
    ["a budget line of a category the file does not have", (f) => (f.budgetLines[0].categoryId = "nope", f), "budgetLines[0].categoryId", /category the file does not have/],
    ["two lines of one category in a budget", (f) => (f.budgetLines.push({ ...f.budgetLines[0], id: "line-2" }), f), "budgetLines[1].categoryId", /already has a line/],
    ["a schedule of an account the file does not have", (f) => (f.schedules[0].accountId = "missing", f), "schedules[0].accountId", /account the file does not have/],
    ["a schedule whose rule cannot happen", (f) => ((f.schedules[0].ruleKind = "monthlyDay"), (f.schedules[0].ruleDay = null), f), "schedules[0].ruleKind", /rule can't happen/],
    ["an override of a schedule the file does not have", (f) => (f.scheduleOverrides[0].scheduleId = "missing", f), "scheduleOverrides[0].scheduleId", /schedule the file does not have/],
    ["a posting of a transaction the file does not have", (f) => (f.schedulePostings[0].transactionId = "missing", f), "schedulePostings[0].transactionId", /transaction the file does not have/],
    ["a day posted twice", (f) => (f.schedulePostings.push({ ...f.schedulePostings[0] }), f), "schedulePostings[1].date", /appears twice/],
    ["a dismissal twice", (f) => (f.scheduleDismissals.push({ ...f.scheduleDismissals[0] }), f), "scheduleDismissals[1].key", /appears twice/],
    ["an own rate of a currency to itself", (f) => (f.userRates[0].quote = f.userRates[0].currency, f), "userRates[0].quote", /two different currencies/],
    ["an own rate that ends before it starts", (f) => (f.userRates[0].toDay = "2026-10-01", f), "userRates[0].toDay", /end date can't be before/],
    ["an unknown reporting currency", (f) => (f.reportingCurrency = "XYZ", f), "reportingCurrency", /Unknown currency/],
    ["a version 3 file without its budgets", (f) => (delete f.budgets, f), "budgets", /missing or not valid/],
    ["a created leg naming another transfer", (f) => (f.transactions.find((t: Doc) => t.transferId).createdForTransfer = "other", f), "createdForTransfer", /not the transaction's own/],
  ];

  it("refuses each kind of tampered file with its reason, in English and Spanish, and writes nothing", { timeout: 120_000 }, async () => {
    const file = await sampleFile();
    const target = await signUp();
    for (const [name, change, field, english] of TAMPERED) {
      const before = await dbChecksum({ userId: target.user.id });
      const tampered = change(structuredClone(file));
      const refused = await restore(target.token, tampered, { "Accept-Language": "en" });
      expect(refused.status, name).toBe(422);
      expect(refused.headers.get("Content-Type"), name).toMatch(/^application\/problem\+json/);
      const [key, messages] = Object.entries(refused.json.errors as Record<string, string[]>).find(([k]) => k.includes(field)) ?? [];
      expect(key, `${name}: ${JSON.stringify(refused.json.errors)}`).toBeDefined();
      expect(messages!.join(" "), name).toMatch(english);
      const spanish = await restore(target.token, tampered, { "Accept-Language": "es" });
      expect(spanish.status, name).toBe(422);
      expect(Object.values(spanish.json.errors as Record<string, string[]>).flat().join(" "), name).not.toMatch(english);
      expect(await dbChecksum({ userId: target.user.id }), name).toBe(before);
      expect(await objectCount(target.user.id), name).toBe(0);
    }
    // Not JSON at all, and past the size limit.
    expect((await restore(target.token, "{not json")).status).toBe(400);
    const huge = await SELF.fetch(`${BASE}/users/me/restore`, { method: "POST", headers: { Authorization: `Bearer ${target.token}`, "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() }, body: new Uint8Array(RESTORE_MAX_BYTES + 1).fill(0x20) });
    expect(huge.status).toBe(413);
    // The untouched file then restores whole.
    const restored = await restore(target.token, file);
    expect(restored.status, JSON.stringify(restored.json)).toBe(201);
    expect(restored.json.restored).toMatchObject({ accounts: 2, transactions: 4, receipts: 1, budgets: 1, budgetLines: 1, schedules: 1, scheduleOverrides: 1, schedulePostings: 1, scheduleDismissals: 1, userRates: 2 });
    expect(await objectCount(target.user.id)).toBe(1);
    expect((await call("/rates", { token: target.token })).json.reportingCurrency).toBe("USD");
  });

  it("takes a file only into an empty ledger (409 in the user's language), and a replayed key does not restore twice", async () => {
    const file = await sampleFile();
    const target = await signUp();
    const key = crypto.randomUUID();
    const first = await restore(target.token, file, { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const replay = await restore(target.token, file, { "Idempotency-Key": key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    const before = await dbChecksum({ userId: target.user.id });
    const again = await restore(target.token, file, { "Accept-Language": "es" });
    expect(again.status).toBe(409);
    expect(again.json.detail).toMatch(/^Ya tienes cuentas o movimientos en Tesoro\. Importar todo solo funciona mientras aún no tengas ninguno\.$/);
    expect(await dbChecksum({ userId: target.user.id })).toBe(before);
    expect(await objectCount(target.user.id)).toBe(1);
  });

  it("reads a version 1 file (no receipts, imports or checkpoints)", async () => {
    const file = await sampleFile();
    const { receipts: _r, imports: _i, reconciliation: _c, ...v1 } = withoutV3(file);
    const target = await signUp();
    const restored = await restore(target.token, { ...v1, version: 1 });
    expect(restored.status, JSON.stringify(restored.json)).toBe(201);
    expect(restored.json.restored).toMatchObject({ accounts: 2, transactions: 4, receipts: 0, budgets: 0, schedules: 0 });
  });

  it("reads a version 2 file (no budgets, schedules, own rates or reporting currency): the reporting currency stays the user's", async () => {
    const file = await sampleFile();
    const target = await signUp();
    const restored = await restore(target.token, { ...withoutV3(file), version: 2 });
    expect(restored.status, JSON.stringify(restored.json)).toBe(201);
    expect(restored.json.restored).toMatchObject({ accounts: 2, transactions: 4, receipts: 1, budgets: 0, budgetLines: 0, schedules: 0, schedulePostings: 0, userRates: 0 });
    expect((await call("/rates", { token: target.token })).json.reportingCurrency).toBe("PEN");
  });
});
