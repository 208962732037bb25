/**
 * The floor's API Worker: bare Hono (no middleware), one route. It checks the bearer token's
 * session and reads a page of 50 transactions in one D1 batch, as Tesoro's listing does at the
 * least (Tesoro adds validation, a user row, joins, running balances and totals).
 */
import { Hono } from "hono";

export interface FloorApiEnv {
  DB: D1Database;
}

const PAGE_SIZE = 50;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

const app = new Hono<{ Bindings: FloorApiEnv }>();

app.get("/accounts/:accountId/transactions", async (c) => {
  const token = /^Bearer (\S+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
  if (!token) return c.json({ error: "unauthorized" }, 401);
  const [sessions, transactions] = await c.env.DB.batch([
    c.env.DB.prepare("SELECT * FROM sessions WHERE token_hash = ?1").bind(await sha256Hex(token)),
    c.env.DB.prepare(
      "SELECT seq, id, account_id, user_id, date, description, amount, category_id, payee, notes, status, transfer_id, receipt_key, import_fingerprint, created_at, updated_at FROM transactions WHERE account_id = ?1 ORDER BY date DESC, id DESC LIMIT ?2",
    ).bind(c.req.param("accountId"), PAGE_SIZE),
  ]);
  const session = sessions?.results[0] as { user_id: string; expires_at: number; revoked_at: number | null } | undefined;
  if (!session || session.revoked_at !== null || session.expires_at <= Date.now()) return c.json({ error: "unauthorized" }, 401);
  // Rows of another user's account are not shown (Tesoro checks the account's owner too).
  return c.json({ transactions: (transactions?.results ?? []).filter((row) => (row as { user_id: string }).user_id === session.user_id) });
});

export default app;
