-- Receipt images live in R2 (transactions.receipt_key). A row that loses its image, because the
-- transaction is deleted (directly, as a transfer leg, or by a cascade) or its receipt is replaced
-- or removed, leaves the key here; the API deletes those objects from R2 right after the request
-- (workers/api/src/receipts.ts drainReceiptTrash). No path that deletes rows has to remember R2.
CREATE TABLE receipt_trash (
  key TEXT PRIMARY KEY,
  queued_at INTEGER NOT NULL
);

CREATE TRIGGER transactions_receipt_ad AFTER DELETE ON transactions
WHEN OLD.receipt_key IS NOT NULL BEGIN
  INSERT OR IGNORE INTO receipt_trash (key, queued_at) VALUES (OLD.receipt_key, CAST(unixepoch('subsec') * 1000 AS INTEGER));
END;

CREATE TRIGGER transactions_receipt_au AFTER UPDATE OF receipt_key ON transactions
WHEN OLD.receipt_key IS NOT NULL AND OLD.receipt_key IS NOT NEW.receipt_key BEGIN
  INSERT OR IGNORE INTO receipt_trash (key, queued_at) VALUES (OLD.receipt_key, CAST(unixepoch('subsec') * 1000 AS INTEGER));
END;
