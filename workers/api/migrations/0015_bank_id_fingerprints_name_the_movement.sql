-- A bank's reference made an imported row's fingerprint on its own (`id:<reference>`), so a later
-- statement that reused the operation number for another movement (next month's salary) was
-- skipped as a duplicate. The fingerprint now holds the day and the amount in minor units too
-- (`bankIdFingerprint` in workers/api/src/ledger/import.ts); rows imported before get the same
-- form, from their own day and amount, so re-importing an old statement still adds nothing.
UPDATE transactions
SET import_fingerprint = import_fingerprint || '|' || date || '|' || amount
WHERE import_fingerprint LIKE 'id:%';
