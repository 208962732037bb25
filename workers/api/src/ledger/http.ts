/** What the ledger's handlers share: not-found answers, path ids, error shapes, amounts read against a currency, and deletes answered with their accounts. */
import { z } from "@hono/zod-openapi";
import { json, problemResponse } from "../platform/openapi";
import type { Context } from "hono";
import { translatorFor } from "../../../../core/i18n/translator";
import { checkAmount, type AmountFormatKey } from "../../../../core/schemas/ledger";
import type { ApiBindings } from "../platform/types";
import { accountOut, toAccount, type AccountRow } from "./model";
import { accountsByIdStatement, findAccount } from "../accounts/store";
import { ID_PATTERN } from "../../../../core/ids";
import { deleteTransactionsStatement, type LegRow } from "../transactions/store";
import { inOrderOf } from "./store";
import { rowsOf } from "../platform/batch";
import { localeOf, problem, translatedProblem } from "../platform/problem";

export type C = Context<ApiBindings>;

export const notFound = (c: C) => problem(c, 404, "not-found");

/**
 * The signed-in user's account named by a path id, or the 404 that answers a malformed, unknown or
 * someone else's id alike (ownership is never told apart from absence).
 */
export async function accountOr404(c: C, accountId: string): Promise<{ account: AccountRow; response?: never } | { response: Response }> {
  if (!ID_PATTERN.test(accountId)) return { response: notFound(c) };
  const account = await findAccount(c.env.DB, c.get("user").id, accountId);
  return account ? { account } : { response: notFound(c) };
}

export const body = <T extends z.ZodType>(schema: T) => ({ body: { ...json(schema), required: true } });

/** Path ids are checked in the handler, so a malformed one is a 404 like an unknown one. */
export const idParam = <N extends string>(name: N) =>
  z.object({ [name]: z.string().openapi({ param: { name, in: "path" }, example: "0195a3c2-7b1e-7c40-9a51-3f0e2d1c4b5a" }) } as Record<N, z.ZodString>);

export const commonErrors = { 401: problemResponse("No session"), 404: problemResponse("Not found (or not yours)") };

export const writeErrors = { ...commonErrors, 409: problemResponse("Same Idempotency-Key still in progress"), 422: problemResponse("Invalid input, or Idempotency-Key reused with another request") };

/** Field errors as i18n keys, or ready sentences when a message needs a number. */
export type Errors = Record<string, string[]>;

export function addError(errors: Errors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

/** Parses a decimal amount against a currency, recording a translated error when it fails. */
export function amountOf(c: C, errors: Errors, field: string, text: string, currency: string, formatKey?: AmountFormatKey): number | null {
  const result = checkAmount(text, currency, { formatKey });
  if (result.ok) return result.minor;
  addError(errors, field, result.key === "ledger.errors.amountPrecision" ? translatorFor(localeOf(c))(result.key, { count: result.digits }) : result.key);
  return null;
}

/** A change the record's state does not allow (not the input's fault): the reason, in the caller's language. */
export function conflict(c: C, key: string, values?: Record<string, string>): Response {
  return translatedProblem(c, 409, "conflict", key, values);
}

/**
 * An archived account is closed to changes, its transactions' too, and so is a transfer with a
 * leg in one (its legs change together): the 409 for a change to `row`, or null.
 */
export function archivedRefusal(c: C, row: LegRow, other: LegRow | null): Response | null {
  if (row.account_archived) return conflict(c, "api.accountArchivedChange");
  return other?.account_archived ? conflict(c, "api.transferLegArchived", { account: other.account_name }) : null;
}

// ───────────────────────────── Accounts ─────────────────────────────

export const deletedResponse = z.object({ deleted: z.array(z.string()), accounts: z.array(accountOut) });

/** Deletes the rows (a transaction, or both legs of a transfer) and answers with their accounts as they now are, in one round trip. */
export async function deleteRows(c: C, rows: Array<{ id: string; account_id: string }>) {
  const userId = c.get("user").id;
  const db = c.env.DB;
  const ids = rows.map((row) => row.id);
  const [, read] = await db.batch([deleteTransactionsStatement(db, userId, ids), accountsByIdStatement(db, userId, rows.map((row) => row.account_id))]);
  const accounts = inOrderOf(rowsOf<AccountRow>(read), rows.map((row) => row.account_id));
  return c.json({ deleted: ids, accounts: accounts.map((row) => toAccount(row)) }, 200);
}
