/**
 * The backup drill (ADR 060, issue 39): a seeded local state is backed up (`npm run backup`: D1
 * to SQL, R2 objects to a folder) and restored into a fresh state folder (`npm run restore`);
 * every table's rows, every balance and every receipt object are found again, and the restored
 * database still works (its triggers keep a new row's balance, its search finds the old rows).
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { backupLocal, openLocal, restoreLocal } from "../../scripts/lib/local-backup.mjs";
import { API_CONFIG, root, run } from "../../scripts/lib/run.mjs";

const base = path.join(".wrangler", `drill-${process.pid}`);
const [source, backup, restored] = ["source", "backup", "restored"].map((name) => path.join(base, name)) as [string, string, string];

afterAll(() => rmSync(path.join(root, base), { recursive: true, force: true }));

type Row = Record<string, unknown>;
type Local = Awaited<ReturnType<typeof openLocal>>;

/** Every table's rows (FTS shadow tables aside), sorted, for a whole-database comparison. */
async function everyRow(db: D1Database): Promise<Record<string, string[]>> {
  const { results } = await db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'transactions_search%'").all<{ name: string }>();
  const out: Record<string, string[]> = {};
  for (const { name } of results) out[name] = ((await db.prepare(`SELECT * FROM "${name}"`).all<Row>()).results.map((r) => JSON.stringify(r))).sort();
  return out;
}

async function balances(db: D1Database): Promise<Array<{ id: string; balance: number; computed: number }>> {
  const { results } = await db
    .prepare("SELECT a.id AS id, a.balance AS balance, a.opening_balance + COALESCE((SELECT SUM(t.amount) FROM transactions t WHERE t.account_id = a.id), 0) AS computed FROM accounts a ORDER BY a.id")
    .all<{ id: string; balance: number; computed: number }>();
  return results;
}

async function seed({ db, bucket }: Local) {
  const now = Date.UTC(2026, 10, 28);
  const statements = [
    db.prepare("INSERT INTO users (id, email, email_normalized, name, password_hash, created_at, updated_at) VALUES ('u1', 'ana@example.com', 'ana@example.com', 'Ana Quispe', 'x', ?1, ?1)").bind(now),
    db.prepare("INSERT INTO accounts (id, user_id, name, type, currency, opening_balance, opening_date, balance, created_at, updated_at) VALUES ('a-pen', 'u1', 'BCP Soles', 'checking', 'PEN', 100000, '2026-10-01', 100000, ?1, ?1)").bind(now),
    db.prepare("INSERT INTO accounts (id, user_id, name, type, currency, opening_balance, opening_date, balance, created_at, updated_at) VALUES ('a-usd', 'u1', 'Dólares', 'savings', 'USD', 5000, '2026-10-01', 5000, ?1, ?1)").bind(now),
  ];
  for (let i = 0; i < 60; i++) {
    const account = i % 3 === 0 ? "a-usd" : "a-pen";
    const notes = i % 7 === 0 ? "línea uno\nlínea dos; con 'comillas'" : null;
    statements.push(
      db
        .prepare("INSERT INTO transactions (id, account_id, user_id, date, description, amount, payee, notes, receipt_key, created_at, updated_at) VALUES (?1, ?2, 'u1', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)")
        .bind(`t-${i}`, account, `2026-11-${String((i % 28) + 1).padStart(2, "0")}`, i % 2 ? "Wong Benavides" : "Sueldo noviembre", (i % 2 ? -1 : 1) * (1000 + i * 37), i % 4 ? "Tambo" : null, notes, i < 3 ? `receipts/u1/t-${i}/r${i}` : null, now + i),
    );
  }
  // A transfer: two legs, one transfer id.
  statements.push(db.prepare("INSERT INTO transactions (id, account_id, user_id, date, description, amount, transfer_id, created_at, updated_at) VALUES ('x-out', 'a-pen', 'u1', '2026-11-15', 'Cambio', -37000, 'tr-1', ?1, ?1)").bind(now));
  statements.push(db.prepare("INSERT INTO transactions (id, account_id, user_id, date, description, amount, transfer_id, created_at, updated_at) VALUES ('x-in', 'a-usd', 'u1', '2026-11-15', 'Cambio', 10000, 'tr-1', ?1, ?1)").bind(now));
  statements.push(db.prepare("INSERT INTO balance_checkpoints (id, account_id, user_id, date, balance, created_at) VALUES ('c1', 'a-pen', 'u1', '2026-11-30', 12345, ?1)").bind(now));
  await db.batch(statements);
  for (let i = 0; i < 3; i++) {
    const bytes = new Uint8Array(2048 + i).map((_, j) => (j * 31 + i) % 256);
    await bucket.put(`receipts/u1/t-${i}/r${i}`, bytes, { httpMetadata: { contentType: "image/jpeg" }, customMetadata: { userId: "u1", transactionId: `t-${i}` } });
  }
}

describe("backup drill", () => {
  it("backs up a local state and restores it into a fresh one: every row, balance and receipt", { timeout: 240_000 }, async () => {
    rmSync(path.join(root, base), { recursive: true, force: true });
    await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", source, "-c", API_CONFIG], { env: { CI: "true" }, quiet: true });
    const before = await openLocal(source);
    let rows: Record<string, string[]>;
    let sourceBalances: Awaited<ReturnType<typeof balances>>;
    try {
      await seed(before);
      rows = await everyRow(before.db);
      sourceBalances = await balances(before.db);
    } finally {
      await before.mf.dispose();
    }
    expect(sourceBalances.every((b) => b.balance === b.computed)).toBe(true);

    expect(await backupLocal(source, path.join(root, backup))).toMatchObject({ objects: 3 });
    await expect(restoreLocal(path.join(root, backup), source)).rejects.toThrow(/not empty/);
    expect(await restoreLocal(path.join(root, backup), restored)).toMatchObject({ objects: 3 });

    const after = await openLocal(restored);
    try {
      expect(await everyRow(after.db)).toEqual(rows);
      expect(await balances(after.db)).toEqual(sourceBalances);
      for (let i = 0; i < 3; i++) {
        const object = await after.bucket.get(`receipts/u1/t-${i}/r${i}`);
        expect(object, `receipt ${i}`).not.toBeNull();
        expect(new Uint8Array(await object!.arrayBuffer())).toEqual(new Uint8Array(2048 + i).map((_, j) => (j * 31 + i) % 256));
        expect(object!.httpMetadata?.contentType).toBe("image/jpeg");
      }
      // The restored database works: search finds the old rows, a trigger keeps a new row's balance.
      const found = await after.db.prepare("SELECT COUNT(*) AS n FROM transactions_search WHERE transactions_search MATCH 'wong'").first<{ n: number }>();
      expect(found!.n).toBe(30);
      await after.db.prepare("INSERT INTO transactions (id, account_id, user_id, date, description, amount, created_at, updated_at) VALUES ('new', 'a-pen', 'u1', '2026-11-29', 'Nuevo', -500, 1, 1)").run();
      expect((await balances(after.db)).every((b) => b.balance === b.computed)).toBe(true);
    } finally {
      await after.mf.dispose();
    }
  });
});
