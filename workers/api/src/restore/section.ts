/**
 * The parts every restore section is made of (ADR 060): the state shared while a file is checked
 * and written, field errors, `section()`, and the id mapping and account links the sections use.
 * validate.ts lists the sections; money-setup.ts holds version 3's (budgets, schedules, own rates).
 */
import type { z } from "zod";
import { restoreErrorKeys as K } from "../../../../core/schemas/restore";
import { uuid7 } from "../platform/uuid7";

export type Errors = Record<string, string[]>;

/** Field errors kept in one answer: enough to show what is wrong, not a copy of the file. */
const MAX_ERRORS = 50;

/** A receipt image to put in R2 before the batch runs. */
export interface ReceiptUpload {
  key: string;
  bytes: Uint8Array;
  contentType: string;
  transactionId: string;
}

/** What the sections share while a file is checked and written. */
export interface RestoreState {
  userId: string;
  version: number;
  errors: Errors;
  /** Per section key: the file's id → the new id. */
  ids: Record<string, Map<string, string>>;
  /** Per section key: the rows as parsed. */
  rows: Record<string, unknown[]>;
  existingCategories: Array<{ id: string; name: string; default_key: string | null }>;
  /** Categories of the file that are already the user's (a new user's defaults): not written again. */
  mappedCategories: Set<string>;
  /** New transaction id → its receipt's R2 key. */
  receiptKeys: Map<string, string>;
  uploads: ReceiptUpload[];
  /** The file's reporting currency (version 3), applied after the rows (ADR 064). */
  reportingCurrency: string | null;
}

export function addError(state: Pick<RestoreState, "errors">, field: string, key: string): void {
  if (Object.keys(state.errors).length >= MAX_ERRORS && !state.errors[field]) return;
  const keys = (state.errors[field] ??= []);
  if (!keys.includes(key)) keys.push(key);
}

export interface RestoreSection<T> {
  /** The top-level key of the export file. */
  key: string;
  schema: z.ZodType<T, unknown>;
  /** Whether a file of this version must have the section (version 1 has no imports, checkpoints or receipts). */
  requiredFrom: number;
  /** The most rows one restore takes of this kind (one D1 batch); none: bounded by the file's size. */
  maxRows?: number;
  check(rows: T[], state: RestoreState): void;
  statements(db: D1Database, rows: T[], state: RestoreState): D1PreparedStatement[];
}

/** A section as the list holds it (its row type is its own business). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each section's row type differs; `section()` keeps each one typed
export type AnySection = RestoreSection<any>;
export const section = <T>(s: RestoreSection<T>): AnySection => s;

/** New ids for a section's rows, in the file's order (UUIDv7 ids sort as the file did), refusing a repeated one. */
export function mapIds(key: string, rows: Array<{ id: string }>, state: RestoreState, mint: () => string = () => uuid7()): Map<string, string> {
  const map = new Map<string, string>();
  rows.forEach((row, i) => {
    if (map.has(row.id)) addError(state, `${key}[${i}].id`, K.duplicateId);
    else map.set(row.id, mint());
  });
  state.ids[key] = map;
  return map;
}

/** Links a row's account to its new id, or refuses it. */
export function accountOf(state: RestoreState, field: string, accountId: string): string | null {
  const id = state.ids.accounts?.get(accountId) ?? null;
  if (!id) addError(state, field, K.unknownAccount);
  return id;
}
