/**
 * A list cursor made outside the API (the ledger bench's deep page): the same base64url JSON as
 * encodeCursor() in workers/api/src/ledger/list.ts, whose signature() this mirrors. A cursor
 * belongs to its account, filters and order; tests/unit/ledger-cursor.test.ts holds the two alike,
 * so a change there cannot silently turn the bench's deep page into a 422 again (it did, session 25).
 */
export function cursorSignature(accountId, filters, sort, order) {
  const text = JSON.stringify([accountId, filters.q ?? "", filters.from ?? "", filters.to ?? "", filters.category ?? "", filters.min ?? "", filters.max ?? "", filters.status ?? "", sort, order]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

/** The cursor of the row at `key` (its date, for a date sort) and `id`, unfiltered. */
export function listCursor(accountId, { sort = "date", order = "desc", key, id }) {
  return Buffer.from(JSON.stringify({ s: sort, o: order, k: key, i: id, f: cursorSignature(accountId, {}, sort, order) })).toString("base64url");
}
