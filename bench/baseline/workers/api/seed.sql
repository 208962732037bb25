-- The data-page floor's seed (applied by scripts/lib/baseline.mjs before each bench run, on an
-- empty local D1): one live session and 60 transactions in one account, so the route's page of
-- 50 is full. The session's token is "floor-bench-session-token-0123456789abcdefg" (43 characters,
-- as Tesoro's); token_hash is its SHA-256 in hex, which scripts/lib/baseline.mjs checks.
INSERT INTO sessions (id, token_hash, user_id, remember, created_at, last_seen_at, expires_at, user_agent, ip)
VALUES ('ses_floor', '2c19dc6d5297dc70d3e30c1a6e0e89581b2a521151a96f9dc6bf91f505451173', 'usr_floor', 1, 1767225600000, 1767225600000, 4102444800000, 'bench', '127.0.0.1');

-- Descriptions, payees and amounts of the lengths a real ledger has; one row in ten pending.
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
INSERT INTO transactions (id, account_id, user_id, date, description, amount, category_id, payee, notes, status, created_at, updated_at)
SELECT
  printf('txn_floor_%03d', i),
  'acc_floor',
  'usr_floor',
  date('2026-01-01', printf('+%d days', i)),
  CASE i % 4 WHEN 0 THEN 'Groceries at the market' WHEN 1 THEN 'Monthly rent payment' WHEN 2 THEN 'Coffee and a sandwich' ELSE 'Salary deposit' END,
  CASE i % 4 WHEN 3 THEN 350000 + i * 7 ELSE -(1250 + i * 113) END,
  NULL,
  CASE i % 3 WHEN 0 THEN 'Mercado Central' WHEN 1 THEN NULL ELSE 'Café Tostado' END,
  NULL,
  CASE WHEN i % 10 = 0 THEN 'pending' ELSE 'posted' END,
  1767225600000 + i * 1000,
  1767225600000 + i * 1000
FROM n;
