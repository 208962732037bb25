/**
 * Single-use links mailed to a user: password links, change-of-email links and their undo links,
 * and sign-up links. The mail holds a 256-bit id; its table holds the id's SHA-256 with its key
 * (`user_id`, or for a sign-up, mailed before there is a user, `email_normalized`), `expires_at`,
 * `used_at` and `claim`. Issuing a link, reading a usable one and claiming it inside a D1 batch
 * are the same for all of them, and live here.
 */
import { randomToken, sha256Hex } from "../platform/crypto";

export type LinkTable = "password_links" | "email_changes" | "email_reverts" | "signup_links";
/** Whose links a table's are: a user's, or (sign-up links) an address's. */
export type LinkKey = { user_id: string } | { email_normalized: string };
type KeyColumn = "user_id" | "email_normalized";

/**
 * Issues a new link for `key` (a user, or an address) in one batch: its older unused links in the
 * table are voided (only the last one asked for can be used) and the new one is stored by its
 * hash. `token` is what the mail carries. `columns` adds the table's own (a change's address, a
 * sign-up's form); their names are the caller's constants, never input.
 */
export async function issueLink(db: D1Database, table: "password_links" | "email_changes" | "signup_links", key: LinkKey, now: number, ttlMs: number, columns: Record<string, string> = {}) {
  const token = randomToken();
  const expiresAt = now + ttlMs;
  const [keyColumn, keyValue] = Object.entries(key)[0] as [KeyColumn, string];
  const names = ["id", "token_hash", keyColumn, "created_at", "expires_at", ...Object.keys(columns)];
  const values = [crypto.randomUUID(), await sha256Hex(token), keyValue, now, expiresAt, ...Object.values(columns)];
  await db.batch([
    db.prepare(voidUnusedLinks(table, 1, "1", keyColumn)).bind(now, keyValue),
    db.prepare(`INSERT INTO ${table} (${names.join(", ")}) VALUES (${names.map((_, i) => `?${i + 1}`).join(", ")})`).bind(...values),
  ]);
  return { token, expiresAt };
}

/** The link's row while it can still be used (not used, not expired), else null. `columns` lists what the caller reads. */
export async function findUsableLink<Row>(db: D1Database, table: LinkTable, columns: string, linkId: string, now: number): Promise<Row | null> {
  return db
    .prepare(`SELECT ${columns} FROM ${table} WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2`)
    .bind(await sha256Hex(linkId), now)
    .first<Row>();
}

/**
 * One request's claim of a link, for one D1 batch (one transaction). `first` marks the link used
 * with a value of this request's own; each statement made by `then` gets `won`, the SQL condition
 * true only if that claim succeeded, to add to its WHERE. Its own parameters start at ?3 (?1 and
 * ?2 are the link's id and the claim). A value of the request's own rather than the time: a
 * request claiming a link and another voiding it in the same millisecond would otherwise both
 * read "used at now" and both go on.
 *
 * The batch's first result tells whether the claim succeeded (`meta.changes`): 0 means the link
 * was used meanwhile, and nothing else in the batch changed anything.
 */
export function claimLink(db: D1Database, table: LinkTable, id: string, now: number) {
  const claim = crypto.randomUUID();
  const won = `(SELECT claim FROM ${table} WHERE id = ?1) = ?2`;
  return {
    first: db.prepare(`UPDATE ${table} SET used_at = ?3, claim = ?2 WHERE id = ?1 AND used_at IS NULL`).bind(id, claim, now),
    then: (sql: (won: string) => string, ...params: unknown[]) => db.prepare(sql(won)).bind(id, claim, ...params),
  };
}

/**
 * The statement that voids a user's (or with `keyColumn`, an address's) unused links in `table`:
 * its parameters are the time and the key from `?first` on, and it writes only where `condition`
 * holds (a link's claim, `won`).
 */
export function voidUnusedLinks(table: LinkTable, first: number, condition = "1", keyColumn: KeyColumn = "user_id"): string {
  return `UPDATE ${table} SET used_at = ?${first} WHERE ${keyColumn} = ?${first + 1} AND used_at IS NULL AND ${condition}`;
}

/** Voids the user's changes of email still waiting for their link. */
export function endPendingEmailChanges(db: D1Database, userId: string, now: number) {
  return db.prepare(voidUnusedLinks("email_changes", 1)).bind(now, userId);
}

/**
 * Voids every link a new password makes moot: the user's unused password links and their changes
 * of email waiting for a link (both may have been asked for by whoever knew the old password).
 */
export function endPendingLinks(db: D1Database, userId: string, now: number) {
  return [db.prepare(voidUnusedLinks("password_links", 1)).bind(now, userId), endPendingEmailChanges(db, userId, now)];
}
