/**
 * The duplicate check of an import: each row's fingerprint (its bank reference with its day and
 * amount, or its content), looked up in the file and in the account in one D1 batch, then the
 * second pass that compares a row read by reference with one read by content.
 */
import { ID_PATTERN } from "../../../../core/ids";
import { sha256Hex } from "../platform/crypto";
import { addDays } from "../../../../core/dates";
import { currencyDigits } from "../../../../core/money";
import { CANDIDATES_SQL, FINGERPRINTS_SQL, LEGACY_BANK_IDS_SQL, lookup, OWN_IDS_SQL, SAME_CONTENT_SQL, SAME_DAY_AND_AMOUNT_SQL } from "./store";
import { MATCH_DAYS, matchRows, type ExistingMovement, type RowMatch, type RowToMatch } from "./match";
import type { ParsedRow } from "./parse";


























/** Values per duplicate lookup: one JSON array bound as a single parameter, well under D1's size limits. */
export const LOOKUP_CHUNK = 5_000;

export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** An imported row of the account, as SAME_CONTENT_SQL and SAME_DAY_AND_AMOUNT_SQL read it. */
export interface StoredImportedRow {
  id: string;
  date: string;
  amount: number;
  description: string;
  fingerprint: string;
  /** Null for rows imported before migration 0017. */
  content: string | null;
}

/**
 * What a row is without its reference: its day, amount and description, case aside. The content
 * fingerprint hashes it as the file writes the description (stored fingerprints depend on that);
 * rows of the account and of the file are compared with both descriptions composed (`sameContent`).
 */
export const contentOf = (date: string, amount: number, description: string) => `${date}|${amount}|${description.toLowerCase()}`;

export const sameContent = (date: string, amount: number, description: string) => contentOf(date, amount, description.normalize("NFC"));

/** `sameContent` as kept with an imported row (`import_content`) and compared. */
export const contentHash = async (date: string, amount: number, description: string) => `c:${(await sha256Hex(sameContent(date, amount, description))).slice(0, 32)}`;

/** A reference as compared across files: a number's leading zeros, which a spreadsheet drops, left out ("00123401" is "123401"). */
export const sameReference = (reference: string) => {
  const trimmed = reference.trim();
  return /^\d+$/.test(trimmed) ? trimmed.replace(/^0+(?=\d)/, "") : trimmed;
};

/** The reference a stored `id:` fingerprint holds (`id:<reference>|<day>|<amount>`, or `id:<reference>` before session 21). */
export const referenceOf = (fingerprint: string) => /^id:([\s\S]*)\|\d{4}-\d{2}-\d{2}\|-?\d+$/.exec(fingerprint)?.[1] ?? fingerprint.slice(3);

/**
 * A row is fingerprinted either by its bank reference (with its day and amount) or, without one, by
 * its content (day, amount, description, and which of the file's identical rows it is). A
 * statement imported once with its reference column mapped and once without (or the other way
 * round) therefore matched nothing the first pass can see, and was imported twice (QA, session 24).
 *
 * This pass compares across the two kinds, one for one: a row of the file still new, read by its
 * reference, is the duplicate of a stored row of the same content read by its content that no other
 * row of the file matched, and the other way round. A stored row answers for one file row at most,
 * so a file that has one more identical coffee than the account keeps the extra one (the fix
 * reverted in session 24 let one stored row answer for two). Two references are never compared by
 * content: two identical coffees under two references are two movements, as they always were.
 */
export function markCrossKindDuplicates(
  rows: ParsedRow[],
  stored: StoredImportedRow[],
  contentKeys: readonly string[],
  matched: ReadonlySet<string>,
  /** Filled with the ids of the stored rows that answered for a file row (import matching leaves them out). */
  consumed: Set<string> = new Set(),
): void {
  /** Per content: the unmatched stored rows read by their content, and the references of those read by one. */
  const unmatched = new Map<string, { byContent: string[]; references: Array<{ reference: string; id: string }> }>();
  stored.forEach((row, i) => {
    const byReference = row.fingerprint.startsWith("id:");
    // Matched in the first pass as it is stored, or (stored before a reference's fingerprint held
    // its day and amount) in the form it is read in, from the row's day and amount. Both are
    // asked: an edit changes the day or amount and never the fingerprint, so which form a stored
    // fingerprint is cannot be told from the row (review: an edited row was read in the wrong
    // form, missed as matched, and answered for a second row of the file).
    const matchedAs = [row.fingerprint, row.id, ...(byReference ? [bankIdFingerprint(row.fingerprint.slice(3), row.date, row.amount)] : [])];
    if (matchedAs.some((value) => matched.has(value))) return;
    const left = unmatched.get(contentKeys[i]!) ?? { byContent: [], references: [] };
    if (byReference) left.references.push({ reference: sameReference(referenceOf(row.fingerprint)), id: row.id });
    else left.byContent.push(row.id);
    unmatched.set(contentKeys[i]!, left);
  });
  if (!unmatched.size) return;
  for (const row of rows) {
    if (!row.fingerprint || row.duplicate) continue;
    const left = unmatched.get(row.content!); // a fingerprinted row is valid, and has its content
    if (!left) continue;
    if (row.fingerprint.startsWith("id:")) {
      // The same reference spelled otherwise (its leading zeros dropped by a spreadsheet, QA session
      // 25) is the same movement; then a row stored without a reference. Another reference is another movement.
      const same = left.references.findIndex((stored) => stored.reference === sameReference(row.bankId!));
      if (same >= 0) consumed.add(left.references.splice(same, 1)[0]!.id);
      else if (left.byContent.length > 0) consumed.add(left.byContent.shift()!);
      else continue;
    } else if (left.references.length) consumed.add(left.references.pop()!.id);
    else continue;
    row.duplicate = true;
  }
}

/** LEGACY_BANK_IDS_SQL makes this form in SQL from rows stored before it: keep the two alike. */
export function bankIdFingerprint(bankId: string, date: string, amountMinor: number): string {
  return `id:${bankId}|${date}|${amountMinor}`;
}

/**
 * The references of a file that identify one movement each. A bank's own id makes two identical
 * coffees on one day two rows, so it is trusted over the row's content, but only where it is an
 * id: a placeholder ("-", "000000", "N/A") has no digit other than zero, and a value that the file
 * gives to rows of different dates, amounts or descriptions names no one movement. Rows with such
 * a reference are told apart by their content, like rows without one.
 */
export function identifyingBankIds(rows: ParsedRow[]): Set<string> {
  const contents = new Map<string, string | null>();
  for (const row of rows) {
    if (row.errors || !row.bankId) continue;
    const content = contentOf(row.date!, row.amount!, row.description); // a row without errors has both
    const before = contents.get(row.bankId);
    contents.set(row.bankId, before === undefined || before === content ? content : null);
  }
  const ids = new Set<string>();
  for (const [id, content] of contents) if (content !== null && /[1-9]/.test(id)) ids.add(id);
  return ids;
}

/**
 * Fingerprints the valid rows and marks the duplicates: earlier in the file, or already in the
 * account (`accountId`), by fingerprint, own id or, across the two kinds, content. Every lookup
 * goes in one D1 batch, with the movements of the account the rows left may be (import matching,
 * ADR 049): a stored row that answered for a duplicate is no one else's match. The matches are
 * keyed by the rows' lines.
 */
export async function findDuplicatesAndMatches(
  db: D1Database,
  account: { id: string; currency: string },
  rows: ParsedRow[],
): Promise<{ rows: ParsedRow[]; matches: Map<number, RowMatch> }> {
  const accountId = account.id;
  const occurrences = new Map<string, number>();
  const identifying = identifyingBankIds(rows);
  for (const row of rows) {
    if (row.errors) continue;
    // The reference with the day and amount it named: banks reuse operation numbers over time, so
    // a reference alone would make next month's salary a "duplicate" of this month's purchase.
    if (row.bankId && identifying.has(row.bankId)) row.fingerprint = bankIdFingerprint(row.bankId, row.date!, row.amount!); // a valid row has both
    else {
      const fingerprint = async (description: string) => {
        const base = contentOf(row.date!, row.amount!, description);
        const n = (occurrences.get(base) ?? 0) + 1;
        occurrences.set(base, n);
        return `h:${(await sha256Hex(`${base}|${n}`)).slice(0, 32)}`;
      };
      row.fingerprint = await fingerprint(row.description);
      if (row.decomposed) row.decomposedFingerprint = await fingerprint(row.description.normalize("NFD"));
    }
    row.content = await contentHash(row.date!, row.amount!, row.description);
  }
  // Duplicates: earlier in the file, or already in the account, by fingerprint; or a row whose
  // reference is the id of a transaction of this account (this app's own export, imported again).
  const seen = new Set<string>();
  const fingerprints = rows.flatMap((row) => (row.fingerprint ? [row.fingerprint, ...(row.decomposedFingerprint ? [row.decomposedFingerprint] : [])] : []));
  const ownIds = rows.filter((row) => row.fingerprint && row.bankId && ID_PATTERN.test(row.bankId)).map((row) => row.bankId!);
  // Every lookup in one D1 batch: one round trip for a file of any size, not one per 5,000 rows.
  const legacyBankIds = [...new Set(rows.filter((row) => row.fingerprint?.startsWith("id:")).map((row) => `id:${row.bankId}`))];
  const byFingerprint = chunksOf(fingerprints, LOOKUP_CHUNK).map((part) => lookup(db, FINGERPRINTS_SQL, accountId, part));
  const byLegacyBankId = chunksOf(legacyBankIds, LOOKUP_CHUNK).map((part) => lookup(db, LEGACY_BANK_IDS_SQL, accountId, part));
  const byOwnId = chunksOf(ownIds, LOOKUP_CHUNK).map((part) => lookup(db, OWN_IDS_SQL, accountId, part));
  const dayAndAmounts = [...new Map(rows.filter((row) => row.fingerprint).map((row) => [`${row.date}|${row.amount}`, [row.date, row.amount]])).values()];
  const contents = [...new Set(rows.flatMap((row) => (row.fingerprint && row.content ? [row.content] : [])))];
  const byContent = [
    ...chunksOf(contents, LOOKUP_CHUNK).map((part) => lookup(db, SAME_CONTENT_SQL, accountId, part)),
    ...chunksOf(dayAndAmounts, LOOKUP_CHUNK).map((part) => lookup(db, SAME_DAY_AND_AMOUNT_SQL, accountId, part)),
  ];
  // The movements each row may be: its amount, within MATCH_DAYS of its day.
  const nearKeys = dayAndAmounts.map(([date, amount]) => [amount, addDays(String(date), -MATCH_DAYS), addDays(String(date), MATCH_DAYS)]);
  const byNearness = chunksOf(nearKeys, LOOKUP_CHUNK).map((part) => lookup(db, CANDIDATES_SQL, accountId, part));
  const lookups = [...byFingerprint, ...byLegacyBankId, ...byOwnId];
  const all = [...lookups, ...byContent, ...byNearness];
  const answers = all.length ? await db.batch<Record<string, unknown>>(all) : [];
  const values = (from: number, count: number) => answers.slice(from, from + count).flatMap((answer) => answer.results.map((row) => String(row.v)));
  const existing = new Set([...values(0, byFingerprint.length), ...values(byFingerprint.length, byLegacyBankId.length)]);
  const existingIds = new Set(values(byFingerprint.length + byLegacyBankId.length, byOwnId.length));
  // The stored rows a file row is a duplicate of, by the fingerprint it matched or the id: each
  // answers for that one row only, in the second pass below.
  const matched = new Set<string>();
  for (const row of rows) {
    if (!row.fingerprint) continue;
    const hit = existing.has(row.fingerprint) ? row.fingerprint : row.decomposedFingerprint && existing.has(row.decomposedFingerprint) ? row.decomposedFingerprint : null;
    const ownId = row.bankId && existingIds.has(row.bankId) ? row.bankId : null;
    if (hit || ownId || seen.has(row.fingerprint)) row.duplicate = true;
    if (hit) matched.add(hit);
    if (ownId) matched.add(ownId);
    seen.add(row.fingerprint);
  }
  const stored = answers.slice(lookups.length, lookups.length + byContent.length).flatMap((answer) => answer.results as unknown as StoredImportedRow[]);
  // What each was when imported (kept through edits, QA session 25), or for a row imported before
  // that was kept, what it is now.
  const contentKeys = await Promise.all(stored.map((row) => row.content ?? contentHash(row.date, row.amount, row.description)));
  const consumed = new Set<string>();
  markCrossKindDuplicates(rows, stored, contentKeys, matched, consumed);
  // The stored rows that answered for a duplicate (by fingerprint, in either form, own id, or
  // content) are that row's: matching them again would drop a second, real movement.
  const near = new Map<string, ExistingMovement>();
  for (const answer of answers.slice(lookups.length + byContent.length)) {
    for (const found of answer.results as unknown as Array<ExistingMovement & { fingerprint: string | null }>) {
      const fingerprint = found.fingerprint;
      const answered = consumed.has(found.id) || matched.has(found.id) || (fingerprint !== null && (matched.has(fingerprint) || matched.has(`${fingerprint}|${found.date}|${found.amount}`)));
      if (answered) continue;
      const reference = fingerprint?.startsWith("id:") ? sameReference(referenceOf(fingerprint)) : null;
      near.set(found.id, { id: found.id, date: found.date, amount: found.amount, description: found.description, payee: found.payee, status: found.status, transferId: found.transferId, reference, fromFile: fingerprint !== null });
    }
  }
  // A fingerprinted row is valid: it has its date and amount.
  const left: RowToMatch[] = rows
    .filter((row) => row.fingerprint && !row.duplicate)
    .map((row) => ({ line: row.line, date: row.date!, amount: row.amount!, description: row.description, payee: row.payee, reference: row.fingerprint!.startsWith("id:") ? sameReference(row.bankId!) : null }));
  const matches = near.size ? matchRows(left, [...near.values()], currencyDigits(account.currency)) : new Map<number, RowMatch>();
  return { rows, matches };
}
