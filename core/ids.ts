/** Ids of accounts, transactions and categories: lower-case UUIDs (crypto.randomUUID). */
export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Opaque tokens we pass along but never interpret (Idempotency-Key, D1 bookmarks): printable ASCII, at most 200 characters. */
export const OPAQUE_TOKEN_PATTERN = /^[\x21-\x7e]{1,200}$/;
