import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";
import { addTransaction, createAccount, expectExactBalance } from "./ledger-helpers";
import { CANDIDATES_SQL, linkMatchedRows } from "../../workers/api/src/import/store";

/**
 * Import matching and file checks (ADR 049): a file's rows that are movements already in the
 * account (typed, a transfer leg) are linked, not added; a file whose lines above the table name
 * another currency or account number is stopped unless the user imports it anyway.
 */
const MAPPING = { delimiter: ";", header: "true", dateColumn: "0", descriptionColumn: "2", amountColumn: "3", dateFormat: "DD/MM/YYYY", decimalSeparator: "." };

const BCP_LEAD = ["Cuenta:;193-1234567-0-12", "Moneda:;Soles", "Fecha de consulta:;28/11/2026", ""];
const BCP_TABLE = [
  "Fecha;Fecha valuta;Descripción operación;Monto;Saldo",
  "01/11/2026;01/11/2026;ABONO SALARIO EMPRESA SAC;4500.00;5500.00",
  "02/11/2026;02/11/2026;YAPE RECIBIDO JUAN;50.00;5550.00",
  "04/11/2026;03/11/2026;COMPRA POS PLAZA VEA SURCO;-186.40;5363.60",
  "05/11/2026;05/11/2026;WONG SAN ISIDRO;-85.40;5278.20",
  "06/11/2026;06/11/2026;PAGO LUZ DEL SUR;-132.70;5145.50",
  "09/11/2026;09/11/2026;INKAFARMA MIRAFLORES;-35.00;5110.50",
];
const BCP_FILE = [...BCP_LEAD, ...BCP_TABLE].join("\r\n");

function q(query: Record<string, string>) {
  return new URLSearchParams(query).toString();
}

const preview = (token: string, accountId: string, csv: string, query: Record<string, string> = MAPPING) =>
  call(`/accounts/${accountId}/import/preview?${q(query)}`, { method: "POST", token, rawBody: csv, headers: { "Content-Type": "text/csv" } });
const commit = (token: string, accountId: string, csv: string, query: Record<string, string> = MAPPING) =>
  call(`/accounts/${accountId}/import?${q(query)}`, { method: "POST", token, rawBody: csv, headers: { "Content-Type": "text/csv" } });

async function typedWeek(token: string) {
  const bcp = await createAccount(token, { name: "BCP", openingBalance: "1000.00", openingDate: "2026-10-31", number: "193-1234567-0-12" });
  const bbva = await createAccount(token, { name: "BBVA", openingBalance: "0", openingDate: "2026-10-31" });
  await addTransaction(token, bcp.id, { date: "2026-11-01", description: "Salary", amount: "4500.00" });
  await addTransaction(token, bcp.id, { date: "2026-11-03", description: "Plaza Vea", amount: "-186.40", status: "pending" });
  await addTransaction(token, bcp.id, { date: "2026-11-06", description: "Luz del Sur", amount: "-132.70" });
  await addTransaction(token, bcp.id, { date: "2026-11-08", description: "Farmacia", amount: "-35.00" });
  const transfer = await call("/transfers", { token, body: { fromAccountId: bcp.id, toAccountId: bbva.id, amount: "263.50", date: "2026-11-10" } });
  expect(transfer.status).toBe(201);
  return { bcp, bbva, transfer: transfer.json as { transferId: string; from: { id: string }; to: { id: string } } };
}

describe("import matching", () => {
  it("links the rows typed in by hand, asks about the probable one, and the balance is the bank's", async () => {
    const { token } = await signUp();
    const { bcp } = await typedWeek(token);
    const before = await call(`/accounts/${bcp.id}/transactions?pageSize=50`, { token });
    const typed = before.json.transactions as Array<{ id: string; description: string }>;

    const shown = await preview(token, bcp.id, BCP_FILE);
    expect(shown.status).toBe(200);
    expect(shown.json.counts).toEqual({ total: 6, valid: 6, invalid: 0, duplicates: 0 });
    // "3 new, 3 match existing, 1 to decide": nothing is added twice without a word.
    expect(shown.json.plan).toEqual({ fresh: 2, matched: 3, probable: 1 });
    expect(shown.json.fileCheck).toMatchObject({ currency: "PEN", problems: [] });
    const byLine = Object.fromEntries((shown.json.matches as Array<{ line: number; kind: string; existing: { description: string; date: string; amount: string } }>).map((m) => [m.line, m]));
    expect(byLine[6]).toMatchObject({ kind: "sure", existing: { description: "Salary", date: "2026-11-01", amount: "4500.00" } });
    expect(byLine[8]).toMatchObject({ kind: "sure", existing: { description: "Plaza Vea", date: "2026-11-03", amount: "-186.40" } });
    expect(byLine[10]).toMatchObject({ kind: "sure", existing: { description: "Luz del Sur" } });
    // A round amount a day apart with no word in common is the user's to decide.
    expect(byLine[11]).toMatchObject({ kind: "probable", existing: { description: "Farmacia", amount: "-35.00" }, decision: null });
    expect(shown.json.rows.map((row: { match: string | null }) => row.match)).toEqual(["sure", null, "sure", null, "sure", "probable"]);

    // Decided: the pharmacy is the same movement.
    const decided = await preview(token, bcp.id, BCP_FILE, { ...MAPPING, link: "11" });
    expect(decided.json.plan).toEqual({ fresh: 2, matched: 4, probable: 0 });
    const done = await commit(token, bcp.id, BCP_FILE, { ...MAPPING, link: "11" });
    expect(done.status).toBe(201);
    expect(done.json).toMatchObject({ imported: 2, linked: 4, duplicates: 0 });
    // The bank's closing balance (5110.50) less the transfer made after it (263.50).
    expect(await expectExactBalance(token, bcp.id)).toBe(511050 - 26350);
    const after = await call(`/accounts/${bcp.id}/transactions?pageSize=50`, { token });
    expect(after.json.transactions).toHaveLength(typed.length + 2);
    // The typed rows took the bank's status (pending → posted) and kept their own text.
    const plaza = (after.json.transactions as Array<{ description: string; status: string }>).find((row) => row.description === "Plaza Vea");
    expect(plaza?.status).toBe("posted");
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM transactions WHERE account_id = ?1 AND import_fingerprint IS NOT NULL AND import_id IS NULL").bind(bcp.id).first("n");
    expect(stored).toBe(4);

    // The same file again: every row is recognised, none matched or added.
    const again = await preview(token, bcp.id, BCP_FILE);
    expect(again.json.counts).toMatchObject({ duplicates: 6, valid: 0 });
    expect(again.json.plan).toEqual({ fresh: 0, matched: 0, probable: 0 });
  });

  it("adds an undecided probable row, and one the user says is new", async () => {
    const { token } = await signUp();
    const { bcp } = await typedWeek(token);
    const undecided = await commit(token, bcp.id, BCP_FILE);
    expect(undecided.json).toMatchObject({ imported: 3, linked: 3 });
    expect(await expectExactBalance(token, bcp.id)).toBe(511050 - 26350 - 3500);
    const { token: token2 } = await signUp();
    const week2 = await typedWeek(token2);
    const asNew = await commit(token2, week2.bcp.id, BCP_FILE, { ...MAPPING, asNew: "11" });
    expect(asNew.json).toMatchObject({ imported: 3, linked: 3 });
    await expectExactBalance(token2, week2.bcp.id);
  });

  it("matches a transfer leg, which stays a transfer with its pair untouched", async () => {
    const { token } = await signUp();
    const { bbva, transfer } = await typedWeek(token);
    const file = ["Fecha;Concepto;Importe", "11/11/2026;TRASPASO DESDE BCP;263.50", "12/11/2026;NETFLIX.COM;-44.90"].join("\n");
    const query = { delimiter: ";", header: "true", dateColumn: "0", descriptionColumn: "1", amountColumn: "2", dateFormat: "DD/MM/YYYY", decimalSeparator: "." };
    const shown = await preview(token, bbva.id, file, query);
    expect(shown.json.plan).toEqual({ fresh: 1, matched: 1, probable: 0 });
    expect(shown.json.matches[0]).toMatchObject({ line: 2, existing: { id: transfer.to.id, transfer: true } });
    const done = await commit(token, bbva.id, file, query);
    expect(done.json).toMatchObject({ imported: 1, linked: 1 });
    const leg = await call(`/transactions/${transfer.to.id}`, { token });
    expect(leg.json.transaction).toMatchObject({ transferId: transfer.transferId, amountMinor: 26350, date: "2026-11-10" });
    const pair = await call(`/transactions/${transfer.from.id}`, { token });
    expect(pair.json.transaction).toMatchObject({ transferId: transfer.transferId, amountMinor: -26350 });
    expect(await expectExactBalance(token, bbva.id)).toBe(26350 - 4490);
  });

  it("never lets one movement answer for two rows, nor a duplicate's movement for another row", async () => {
    const { token } = await signUp();
    const account = await createAccount(token, { openingDate: "2026-10-01" });
    await addTransaction(token, account.id, { date: "2026-11-05", description: "Starbucks", amount: "-12.90" });
    const query = { delimiter: ",", header: "true", dateColumn: "0", descriptionColumn: "1", amountColumn: "2" };
    const two = ["date,description,amount", "2026-11-05,STARBUCKS LARCOMAR,-12.90", "2026-11-06,STARBUCKS LARCOMAR,-12.90"].join("\n");
    const shown = await preview(token, account.id, two, query);
    expect(shown.json.plan).toEqual({ fresh: 1, matched: 1, probable: 0 });
    expect(shown.json.matches).toHaveLength(1);
    expect(shown.json.matches[0].line).toBe(2);
    await commit(token, account.id, two, query);
    // Imported: the typed coffee took row 2's fingerprint. A file with row 2 and a third coffee
    // finds row 2 a duplicate, and the third cannot be the typed coffee again.
    const three = ["date,description,amount", "2026-11-05,STARBUCKS LARCOMAR,-12.90", "2026-11-07,STARBUCKS JOCKEY,-12.90"].join("\n");
    const again = await preview(token, account.id, three, query);
    expect(again.json.counts).toMatchObject({ duplicates: 1 });
    // ... it may only be the coffee the first import added (row 3 of the first file, 11-06), not the
    // typed one; and since that one came from a file, where the same bank row would have been found
    // by its fingerprint, the user decides (it is never linked surely).
    expect(again.json.plan).toEqual({ fresh: 0, matched: 0, probable: 1 });
    expect(again.json.matches[0].existing.date).toBe("2026-11-06");
  });
});

describe("a match that changes before the import writes (ADR 062)", () => {
  it("checks the match again at import: a movement edited after the preview is no longer linked, and its row is added and counted", async () => {
    const { token } = await signUp();
    const { bcp } = await typedWeek(token);
    const shown = await preview(token, bcp.id, BCP_FILE, { ...MAPPING, link: "11" });
    expect(shown.json.plan).toEqual({ fresh: 2, matched: 4, probable: 0 });
    const salary = (shown.json.matches as Array<{ line: number; existing: { id: string } }>).find((m) => m.line === 6)!.existing.id;
    // Between the preview and the import, the typed salary is corrected to another amount: it is no longer the bank's row.
    const edited = await call(`/transactions/${salary}`, { method: "PATCH", token, body: { amount: "4400.00" } });
    expect(edited.status).toBe(200);
    const done = await commit(token, bcp.id, BCP_FILE, { ...MAPPING, link: "11" });
    expect(done.status).toBe(201);
    expect(done.json).toMatchObject({ imported: 3, linked: 3, changed: 0, duplicates: 0 });
    // The bank's rows, all in (the salary added from the file), the transfer, and the corrected typed salary kept beside them.
    expect(await expectExactBalance(token, bcp.id)).toBe(511050 - 26350 + 440000);
  });

  it("returns the movements it linked, so a row whose movement changed between the import's read and its write is counted, not lost", async () => {
    const { token, user } = await signUp();
    const account = await createAccount(token, { openingDate: "2026-10-01" });
    const kept = await addTransaction(token, account.id, { date: "2026-11-05", description: "Starbucks", amount: "-12.90" });
    const edited = await addTransaction(token, account.id, { date: "2026-11-06", description: "Wong", amount: "-85.40" });
    const statement = linkMatchedRows(env.DB, { id: account.id, currency: "PEN" }, user.id, Date.now(), [
      [kept.id, "bank:1", null, "posted", -1290],
      // Read at -85.40; the write finds -80.00 (edited in between): left alone.
      [edited.id, "bank:2", null, "posted", -8000],
    ]);
    const { results } = await statement.all<{ id: string }>();
    expect(results.map((row) => row.id)).toEqual([kept.id]);
  });

  it("links many rows in one statement, each by its id", async () => {
    const { token, user } = await signUp();
    const account = await createAccount(token, { openingDate: "2026-01-01" });
    const many = 3000;
    const ids = Array.from({ length: many }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    await env.DB.prepare(
      `INSERT INTO transactions (id, account_id, user_id, date, description, amount, status, created_at, updated_at)
         SELECT value, ?1, ?2, '2026-03-01', 'Typed', -100 - key, 'pending', 1, 1 FROM json_each(?3)`,
    )
      .bind(account.id, user.id, JSON.stringify(ids))
      .run();
    const started = Date.now();
    const { results } = await linkMatchedRows(env.DB, { id: account.id, currency: "PEN" }, user.id, Date.now(), ids.map((id, i) => [id, `bank:${i}`, null, "posted", -100 - i])).all<{ id: string }>();
    expect(results).toHaveLength(many);
    // Quadratic, the 3000 links took seconds; linear, a blink (the bound leaves room for a slow machine).
    expect(Date.now() - started).toBeLessThan(2000);
    const posted = await env.DB.prepare("SELECT COUNT(*) AS n FROM transactions WHERE account_id = ?1 AND status = 'posted' AND import_fingerprint LIKE 'bank:%'").bind(account.id).first<{ n: number }>();
    expect(posted?.n).toBe(many);
  });
});

describe("many probable matches (ADR 062)", () => {
  it("lists the probable ones first, counts those past 500, and decides them all with one choice", async () => {
    const { token, user } = await signUp();
    const account = await createAccount(token, { openingDate: "2026-01-01" });
    const many = 510;
    const ids = Array.from({ length: many }, (_, i) => `00000000-0000-4000-8001-${String(i).padStart(12, "0")}`);
    // Typed round amounts (no cents), a day before the bank's rows, with no word in common: each is only probably the same.
    await env.DB.prepare(
      `INSERT INTO transactions (id, account_id, user_id, date, description, amount, created_at, updated_at)
         SELECT value, ?1, ?2, '2026-03-01', 'Typed', -1000 - key * 100, 1, 1 FROM json_each(?3)`,
    )
      .bind(account.id, user.id, JSON.stringify(ids))
      .run();
    const sure = await addTransaction(token, account.id, { date: "2026-03-02", description: "Starbucks", amount: "-12.90" });
    const lines = ["date,description,amount", "2026-03-02,STARBUCKS LARCOMAR,-12.90", ...ids.map((_, i) => `2026-03-02,BANK ROW,-${10 + i}.00`)];
    const file = lines.join("\n");
    const query = { delimiter: ",", header: "true", dateColumn: "0", descriptionColumn: "1", amountColumn: "2" };
    const shown = await preview(token, account.id, file, query);
    expect(shown.status).toBe(200);
    expect(shown.json.plan).toEqual({ fresh: 0, matched: 1, probable: many });
    expect(shown.json.matches).toHaveLength(500);
    expect(shown.json.matches.every((m: { kind: string }) => m.kind === "probable")).toBe(true);
    expect(shown.json.moreMatches).toBe(many + 1 - 500);
    expect(shown.json.rest).toBeNull();

    // One row decided by hand, the rest (listed or not) by one choice.
    const decided = await preview(token, account.id, file, { ...query, asNew: "3", rest: "link" });
    expect(decided.json.plan).toEqual({ fresh: 1, matched: many, probable: 0 });
    expect(decided.json.rest).toBe("link");
    expect(decided.json.matches.find((m: { line: number }) => m.line === 3).decision).toBe("new");
    expect(decided.json.matches.find((m: { line: number }) => m.line === 4).decision).toBe("link");
    const done = await commit(token, account.id, file, { ...query, asNew: "3", rest: "link" });
    expect(done.status).toBe(201);
    expect(done.json).toMatchObject({ imported: 1, linked: many, changed: 0 });
    const linked = await env.DB.prepare("SELECT COUNT(*) AS n FROM transactions WHERE account_id = ?1 AND import_fingerprint IS NOT NULL AND created_at = 1").bind(account.id).first<{ n: number }>();
    expect(linked?.n).toBe(many - 1);
    expect((await call(`/transactions/${sure.id}`, { token })).json.transaction.imported).toBe(true);

    const refused = await preview(token, account.id, file, { ...query, rest: "maybe" });
    expect(refused.status).toBe(422);
  });
});

describe("checkpoints from a file's balance column (ADR 062)", () => {
  it("keeps the bank's balance at the file's last day as a checkpoint, once, listed with the others", async () => {
    const { token } = await signUp();
    const account = await createAccount(token, { name: "BCP", openingBalance: "1000.00", openingDate: "2026-10-31" });
    // The guess takes "Saldo" as the balance, never as the amount.
    const bare = await preview(token, account.id, BCP_FILE, { delimiter: ";" });
    expect(bare.json.guess).toMatchObject({ amountColumn: 3, balanceColumn: 4 });
    const query = { ...MAPPING, balanceColumn: "4" };
    const shown = await preview(token, account.id, BCP_FILE, query);
    expect(shown.json.checkpoint).toEqual({ date: "2026-11-09", balance: "5110.50", balanceMinor: 511050 });
    const done = await commit(token, account.id, BCP_FILE, query);
    expect(done.status).toBe(201);
    expect(done.json).toMatchObject({ imported: 6, checkpoint: { date: "2026-11-09", balanceMinor: 511050 } });
    const listed = await call(`/accounts/${account.id}/reconciliation?date=2026-11-09`, { token });
    expect(listed.json.checkpoints).toEqual([expect.objectContaining({ date: "2026-11-09", balanceMinor: 511050, source: "import", holds: true })]);
    // The same file again adds no row and no second checkpoint.
    const again = await commit(token, account.id, BCP_FILE, query);
    expect(again.json).toMatchObject({ imported: 0, checkpoint: { date: "2026-11-09" } });
    expect((await call(`/accounts/${account.id}/reconciliation?date=2026-11-09`, { token })).json.checkpoints).toHaveLength(1);
    // Without a balance column: none.
    const plain = await preview(token, account.id, BCP_FILE, MAPPING);
    expect(plain.json.checkpoint).toBeNull();
  });

  it("reads a newest-first file's closing balance from its first row of the latest day", async () => {
    const { token } = await signUp();
    const account = await createAccount(token, { openingBalance: "100.00", openingDate: "2026-10-31" });
    const file = ["date,description,amount,balance", "2026-11-05,Second of the day,-10.00,70.00", "2026-11-05,First of the day,-20.00,80.00", "2026-11-01,Earlier,-0.50,100.00"].join("\n");
    const query = { delimiter: ",", header: "true", dateColumn: "0", descriptionColumn: "1", amountColumn: "2", balanceColumn: "3" };
    const done = await commit(token, account.id, file, query);
    expect(done.json.checkpoint).toEqual({ date: "2026-11-05", balance: "70.00", balanceMinor: 7000 });
    // Tesoro's balance that day is 69.50 (the 0.50 row was not in the bank's 100.00): the checkpoint says it does not agree.
    const listed = await call(`/accounts/${account.id}/reconciliation?date=2026-11-05`, { token });
    expect(listed.json.checkpoints[0]).toMatchObject({ source: "import", holds: false, ledgerBalanceMinor: 6950 });
  });
});

describe("file checks", () => {
  const USD_FILE = ["Cuenta:;0011-0123-0200123456", "Moneda:;DÓLARES AMERICANOS", "", "Fecha;Concepto;Importe", "15/11/2026;AMAZON MKTPLACE;-45.99"].join("\n");
  const QUERY = { delimiter: ";", header: "true", dateColumn: "0", descriptionColumn: "1", amountColumn: "2", dateFormat: "DD/MM/YYYY", decimalSeparator: "." };

  it("stops a dollar file offered to a soles account, offers the dollar account, and imports anyway when told", async () => {
    const { token } = await signUp();
    const pen = await createAccount(token, { name: "BBVA Soles", openingDate: "2026-10-01" });
    const usd = await createAccount(token, { name: "BBVA Dólares", currency: "USD", openingDate: "2026-10-01", number: "0011-0123-0200123456" });
    const shown = await call(`/accounts/${pen.id}/import/preview?${q(QUERY)}`, { method: "POST", token, rawBody: USD_FILE, headers: { "Content-Type": "text/csv", "Accept-Language": "es" } });
    expect(shown.status).toBe(200);
    expect(shown.json.fileCheck).toMatchObject({ currency: "USD", problems: ["currency"], overridden: false, suggestions: [{ id: usd.id, currency: "USD", byNumber: true }] });
    expect(shown.json.fileCheck.reason).toBe("El archivo dice que su moneda es USD, y esta cuenta está en PEN.");
    const refused = await commit(token, pen.id, USD_FILE, QUERY);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json.errors)).toEqual(["fileCheck"]);
    expect(refused.json.errors.fileCheck[0]).toContain("USD");
    expect(await expectExactBalance(token, pen.id)).toBe(0);
    // Into the dollar account: nothing disagrees.
    const right = await commit(token, usd.id, USD_FILE, QUERY);
    expect(right.status).toBe(201);
    expect(right.json.imported).toBe(1);
    // Knowingly into the soles account: recorded with the import.
    const anyway = await commit(token, pen.id, USD_FILE, { ...QUERY, override: "true" });
    expect(anyway.status).toBe(201);
    expect(await env.DB.prepare("SELECT file_check AS f FROM imports WHERE id = ?1").bind(anyway.json.importId).first("f")).toBe("currency:USD");
  });

  it("stops a file of another account number, and says nothing of a file that states none", async () => {
    const { token } = await signUp();
    const bcp = await createAccount(token, { name: "BCP", openingDate: "2026-10-01", number: "193-9999999-0-99" });
    const right = await createAccount(token, { name: "BCP Sueldo", openingDate: "2026-10-01", number: "193-1234567-0-12" });
    const shown = await preview(token, bcp.id, BCP_FILE);
    expect(shown.json.fileCheck).toMatchObject({ number: "193-1234567-0-12", problems: ["number"], suggestions: [{ id: right.id, byNumber: true }] });
    expect((await commit(token, bcp.id, BCP_FILE)).status).toBe(422);
    const bare = await preview(token, bcp.id, BCP_TABLE.join("\n"));
    expect(bare.json.fileCheck).toBeNull();
  });
});

describe("import matching's lookup", () => {
  it("finds the candidates by the (account, amount) index with a range on the date, never walking the account", async () => {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${CANDIDATES_SQL}`)
      .bind("00000000-0000-4000-8000-000000000001", '[[-850,"2026-10-30","2026-11-07"]]')
      .all<{ detail: string }>();
    const plan = results.map((row) => row.detail).join(" | ");
    expect(plan).toMatch(/SEARCH t USING (COVERING )?INDEX transactions_account_amount \(account_id=\? AND amount=\?\)/);
    expect(plan).not.toMatch(/SCAN t\b|transactions_user/);
  });

  it("never takes a movement from an earlier file as surely the same as another file's row (a repeated coffee is not dropped)", async () => {
    const { token } = await signUp();
    const account = await createAccount(token, { name: "BCP", openingBalance: "0", openingDate: "2026-10-31" });
    const table = (rows: string[]) => ["Fecha;Fecha valuta;Descripción operación;Monto;Saldo", ...rows].join("\r\n");
    const first = table(["14/11/2026;14/11/2026;STARBUCKS LARCOMAR;-3.50;-3.50", "15/11/2026;15/11/2026;WONG SAN ISIDRO;-20.00;-23.50"]);
    const second = table(["16/11/2026;16/11/2026;STARBUCKS LARCOMAR;-3.50;-27.00"]);
    expect((await commit(token, account.id, first)).json).toMatchObject({ imported: 2 });
    // The next statement's coffee shares every word with the first one's, two days apart: the
    // user decides; left undecided through the API, it is added, never silently linked.
    const shown = await preview(token, account.id, second);
    expect(shown.json.plan).toEqual({ fresh: 0, matched: 0, probable: 1 });
    const done = await commit(token, account.id, second);
    expect(done.json).toMatchObject({ imported: 1, linked: 0 });
    expect(await expectExactBalance(token, account.id)).toBe(-2700);
  });
});
