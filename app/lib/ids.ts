/** Ids of accounts, transactions and categories: lower-case UUIDs (crypto.randomUUID). */
export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
