import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/api/index";
import { call, signUp } from "./helpers";
import { createAccount, expectExactBalance } from "./ledger-helpers";

/**
 * CSV import as a draft (ADR 047): the file sent once, kept in R2, previewed and imported by id,
 * deleted by the import or after 24 hours; another user's draft is a 404.
 */
const CSV = ["Fecha;Descripción;Cargo;Abono;Referencia", "05/11/2026;PLAZA VEA SURCO;1.234,50;;OP-1", "06/11/2026;ABONO SUELDO;;5.000,00;OP-2", "31/11/2026;FECHA MALA;1,00;;OP-4"].join("\r\n");
const MAPPING = { dateColumn: "0", descriptionColumn: "1", debitColumn: "2", creditColumn: "3", idColumn: "4", dateFormat: "DD/MM/YYYY", decimalSeparator: ",", header: "true" };

function q(query: Record<string, string>) {
  return new URLSearchParams(query).toString();
}

async function draftOf(token: string, accountId: string, csv = CSV, query: Record<string, string> = { fileName: "banco.csv" }) {
  return call(`/accounts/${accountId}/import/drafts?${q(query)}`, { method: "POST", token, rawBody: csv, headers: { "Content-Type": "text/csv" } });
}

async function draftObjects(userId: string) {
  return (await env.RECEIPTS.list({ prefix: `drafts/${userId}/` })).objects.map((o) => o.key);
}

describe("CSV import drafts", () => {
  it("keeps the file once, previews it with the guessed mapping, imports it by id and then deletes it", async () => {
    const { token, user } = await signUp();
    const account = await createAccount(token);
    const made = await draftOf(token, account.id);
    expect(made.status).toBe(201);
    expect(made.json.draft).toMatchObject({ fileName: "banco.csv" });
    expect(made.json.draft.expiresAt).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // The guess named the columns needed: the preview is made with it at once.
    expect(made.json.mapping).toMatchObject(MAPPING);
    expect(made.json.preview.columns).toEqual(["Fecha", "Descripción", "Cargo", "Abono", "Referencia"]);
    expect(made.json.preview.counts).toEqual({ total: 3, valid: 2, invalid: 1, duplicates: 0 });
    const id = made.json.draft.id as string;
    expect(await draftObjects(user.id)).toEqual([`drafts/${user.id}/${id}`]);

    // A mapping change refers to the draft: the file is not sent again.
    const swapped = await call(`/accounts/${account.id}/import/drafts/${id}/preview?${q({ ...MAPPING, debitColumn: "3", creditColumn: "2" })}`, { token });
    expect(swapped.status).toBe(200);
    expect(swapped.json.rows.map((row: { amount: string }) => row.amount)).toEqual(["1234.50", "-5000.00", "1.00"]);
    // A bad mapping is refused field by field, as the one-request preview does.
    const bad = await call(`/accounts/${account.id}/import/drafts/${id}/preview?${q({ dateColumn: "0", descriptionColumn: "9", amountColumn: "2" })}`, { token });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors)).toEqual(["descriptionColumn"]);

    const committed = await call(`/accounts/${account.id}/import/drafts/${id}/commit?${q(MAPPING)}`, { method: "POST", token, headers: { "Idempotency-Key": "draft-commit-1" } });
    expect(committed.status).toBe(201);
    expect(committed.json).toMatchObject({ imported: 2, duplicates: 0, invalid: 1 });
    // The record is named after the draft's file, for Recent imports and the undo.
    const imports = await call(`/accounts/${account.id}/imports`, { token });
    expect(imports.json.imports[0]).toMatchObject({ id: committed.json.importId, fileName: "banco.csv" });
    await expectExactBalance(token, account.id);
    // Deleted with the import: its row and its file.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM import_drafts WHERE user_id = ?1").bind(user.id).first("n")).toBe(0);
    expect(await draftObjects(user.id)).toEqual([]);
    // The same Idempotency-Key replays the answer; a new commit of the draft finds nothing.
    const replay = await call(`/accounts/${account.id}/import/drafts/${id}/commit?${q(MAPPING)}`, { method: "POST", token, headers: { "Idempotency-Key": "draft-commit-1" } });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await call(`/accounts/${account.id}/import/drafts/${id}/commit?${q(MAPPING)}`, { method: "POST", token })).status).toBe(404);
  });

  it("takes a file whose first row is a movement as one without a header, unless told otherwise", async () => {
    const { token } = await signUp();
    const account = await createAccount(token);
    const headless = ["05/11/2026\tTAMBO+ MIRAFLORES\t-8.90", "06/11/2026\tPLAZA VEA\t-120.00", "07/11/2026\tYAPE DE ROSA\t50.00"].join("\n");
    const made = await draftOf(token, account.id, headless);
    expect(made.status).toBe(201);
    expect(made.json.mapping).toMatchObject({ dateColumn: "0", header: "false" });
    // All three movements: the first is not taken for column names.
    expect(made.json.preview.counts).toMatchObject({ total: 3, valid: 3 });
    expect(made.json.preview.rows[0]).toMatchObject({ description: "TAMBO+ MIRAFLORES" });
    // The preview, its columns and its reading are the headerless reading's, with the guess it explains.
    expect(made.json.preview.columns).toEqual(["1", "2", "3"]);
    const explained = Object.fromEntries((made.json.preview.reading.fields as Array<{ field: string; column: number }>).map((entry) => [entry.field, String(entry.column)]));
    for (const field of ["dateColumn", "descriptionColumn", "amountColumn"]) expect(made.json.mapping[field], field).toBe(explained[field]);
    // The user's word on the header stands; a file with names on its first row keeps them.
    expect((await draftOf(token, account.id, headless, { header: "true" })).json.mapping).toMatchObject({ header: "true" });
    expect((await draftOf(token, account.id)).json.mapping).toMatchObject({ header: "true" });
  });

  it("names a PDF statement and a spreadsheet instead of reading them as text, and keeps neither", async () => {
    const { token, user } = await signUp();
    const account = await createAccount(token);
    // A PDF's text-like start (QA, session 33: shown as columns of garbage) and an .xlsx (a zip).
    const pdf = await draftOf(token, account.id, "%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n", {});
    expect(pdf.status).toBe(422);
    expect(pdf.json.errors.file).toEqual([expect.stringMatching(/^This is a PDF \(a statement to read or print\), not a CSV\./)]);
    const xlsx = await call(`/accounts/${account.id}/import/drafts`, { method: "POST", token, rawBody: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), headers: { "Content-Type": "text/csv", "Accept-Language": "es" } });
    expect(xlsx.status).toBe(422);
    expect(xlsx.json.errors.file).toEqual([expect.stringMatching(/^Esta es una hoja de cálculo/)]);
    expect(await draftObjects(user.id)).toEqual([]);
  });

  it("reads Excel's \"Unicode Text\" (UTF-16 with its mark, tab-separated) and skips a line of separators alone", async () => {
    const { token } = await signUp();
    const account = await createAccount(token);
    const text = ["Fecha\tDescripción\tMonto", "05/11/2026\tCAFÉ ÑUÑOA\t-8,90", "\t\t", "06/11/2026\tABONO\t50,00"].join("\r\n");
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from(text).flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8])]);
    const made = await call(`/accounts/${account.id}/import/drafts`, { method: "POST", token, rawBody: utf16, headers: { "Content-Type": "text/csv" } });
    expect(made.status).toBe(201);
    expect(made.json.preview.columns).toEqual(["Fecha", "Descripción", "Monto"]);
    expect(made.json.mapping).toMatchObject({ dateColumn: "0", descriptionColumn: "1", amountColumn: "2", decimalSeparator: "," });
    // The spacer line ("\t\t") is neither a movement nor a row with errors.
    expect(made.json.preview.counts).toEqual({ total: 2, valid: 2, invalid: 0, duplicates: 0 });
    expect(made.json.preview.rows.map((row: { description: string; amount: string }) => [row.description, row.amount])).toEqual([
      ["CAFÉ ÑUÑOA", "-8.90"],
      ["ABONO", "50.00"],
    ]);
    // Spacers alone under the header: no rows, said so (not an empty preview).
    const spacers = await draftOf(token, account.id, "Fecha;Descripcion;Monto\n;;\n;;\n", { fileName: "vacio.csv", header: "true" });
    expect(spacers.status).toBe(422);
    expect(spacers.json.errors.file).toEqual(["The file has a header row but no transactions below it."]);
    // Without a header row, the message does not speak of one.
    const bare = await draftOf(token, account.id, ";;\n;;\n", { fileName: "vacio.csv", header: "false" });
    expect(bare.status).toBe(422);
    expect(bare.json.errors.file).toEqual(["The file has no transactions."]);
    // Nor when the first line, taken as the header by default, names nothing.
    expect((await draftOf(token, account.id, ";;\n;;\n;;\n", { fileName: "vacio.csv" })).json.errors.file).toEqual(["The file has no transactions."]);
  });

  it("keeps nothing for a file it cannot read, and keeps the draft through a refused import", async () => {
    const { token, user } = await signUp();
    const account = await createAccount(token);
    const png = await draftOf(token, account.id, "\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR\u0000\u0000");
    expect(png.status).toBe(422);
    expect(png.json.errors.file).toBeDefined();
    expect(await draftObjects(user.id)).toEqual([]);
    const made = await draftOf(token, account.id, CSV, {});
    expect(made.json.draft.fileName).toBeNull();
    const missing = await call(`/accounts/${account.id}/import/drafts/${made.json.draft.id}/commit?${q({ dateColumn: "0" })}`, { method: "POST", token });
    expect(missing.status).toBe(422);
    expect(await draftObjects(user.id)).toHaveLength(1);
  });

  it("refuses a draft past its 24 hours with a clear message, and deletes it", async () => {
    const { token, user } = await signUp();
    const account = await createAccount(token);
    const made = await draftOf(token, account.id);
    const id = made.json.draft.id as string;
    await env.DB.prepare("UPDATE import_drafts SET expires_at = ?1 WHERE id = ?2").bind(Date.now() - 1, id).run();
    const late = await call(`/accounts/${account.id}/import/drafts/${id}/preview?${q(MAPPING)}`, { token, headers: { "Accept-Language": "en" } });
    expect(late.status).toBe(410);
    expect(late.json.errors.file).toEqual(["This file is no longer kept (a file waits 24 hours for its import): choose it again."]);
    expect(await draftObjects(user.id)).toEqual([]);
    // Gone now: a 404 like any unknown draft.
    expect((await call(`/accounts/${account.id}/import/drafts/${id}/commit?${q(MAPPING)}`, { method: "POST", token })).status).toBe(404);
  });

  it("sweeps expired drafts and their files every hour, and keeps a user's newest five", async () => {
    const { token, user } = await signUp();
    const account = await createAccount(token);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await draftOf(token, account.id)).json.draft.id);
    // The oldest went when the sixth came.
    const kept = await env.DB.prepare("SELECT id FROM import_drafts WHERE user_id = ?1 ORDER BY created_at, id").bind(user.id).all<{ id: string }>();
    expect(kept.results.map((row) => row.id)).toEqual(ids.slice(1));
    expect((await draftObjects(user.id)).sort()).toEqual(ids.slice(1).map((id) => `drafts/${user.id}/${id}`).sort());
    await env.DB.prepare("UPDATE import_drafts SET expires_at = ?1 WHERE id = ?2").bind(Date.now() - 1, ids[1]).run();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "17 * * * *" }), env);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM import_drafts WHERE user_id = ?1").bind(user.id).first("n")).toBe(4);
    expect(await draftObjects(user.id)).toHaveLength(4);
  });

  it("answers 404 to another user for a draft, and a discarded draft is gone", async () => {
    const a = await signUp();
    const b = await signUp();
    const account = await createAccount(a.token);
    const bAccount = await createAccount(b.token);
    const id = (await draftOf(a.token, account.id)).json.draft.id as string;
    for (const accountId of [account.id, bAccount.id]) {
      expect((await call(`/accounts/${accountId}/import/drafts/${id}/preview?${q(MAPPING)}`, { token: b.token })).status).toBe(404);
      expect((await call(`/accounts/${accountId}/import/drafts/${id}/commit?${q(MAPPING)}`, { method: "POST", token: b.token })).status).toBe(404);
      expect((await call(`/accounts/${accountId}/import/drafts/${id}`, { method: "DELETE", token: b.token })).status).toBe(404);
    }
    expect(await draftObjects(a.user.id)).toHaveLength(1);
    expect((await call(`/accounts/${account.id}/import/drafts/${id}`, { method: "DELETE", token: a.token })).status).toBe(204);
    expect(await draftObjects(a.user.id)).toEqual([]);
    expect((await call(`/accounts/${account.id}/import/drafts/${id}/preview?${q(MAPPING)}`, { token: a.token })).status).toBe(404);
  });
});
