/**
 * The backup drill (ADR 060): the local D1 to one SQL file and the local R2 objects to a folder,
 * and back into a fresh state folder. Local state is the one `wrangler … --local --persist-to
 * <dir>` keeps (`<dir>/v3`), read and written through Miniflare, the engine wrangler runs it with:
 * `wrangler d1 export` has no `--persist-to` and refuses databases with FTS5 tables
 * (cloudflare/workers-sdk#6305, #9519), and wrangler has no command that lists R2 objects.
 *
 * The SQL file is plain SQLite: every statement ends with a line holding only `;`, so the restore
 * can split it without parsing triggers; text with a line break or `;` is written as a hex blob
 * cast to text, byte for byte. Tables, then rows, then derived content (the search index,
 * rebuilt from the rows), then indexes and triggers, so no trigger runs twice on restored rows.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { root } from "./run.mjs";

/** The API's local bindings, as workers/api/wrangler.toml names them. */
const D1_ID = "00000000-0000-4000-8000-000000000001";
const R2_BUCKET = "tesoro-receipts";

/**
 * Content no row holds and the restore makes again from the rows: the search index is contentless
 * FTS5 (migration 0005), so its rows cannot be read back; this is the migration's own fill.
 */
const DERIVED = {
  transactions_search: [
    "INSERT INTO transactions_search (rowid, account, description, payee, notes) SELECT unixepoch(date) / 86400 * 68719476736 + seq, replace(account_id, '-', ''), description, payee, notes FROM transactions",
  ],
};

/** Miniflare on a wrangler state folder (relative to the repository, or absolute). */
export async function openLocal(stateDir) {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: "export default { fetch() { return new Response(null, { status: 404 }) } }",
      d1Databases: { DB: D1_ID },
      r2Buckets: { RECEIPTS: R2_BUCKET },
      resourcePersistencePath: path.join(path.resolve(root, stateDir), "v3"),
    }),
  );
  return { mf, db: await mf.getD1Database("DB"), bucket: await mf.getR2Bucket("RECEIPTS") };
}

const hex = (bytes) => Buffer.from(bytes).toString("hex");

/** An SQL literal for a value D1 hands back. */
function literal(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "NULL";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string") return /[\n\r;\0]/.test(value) ? `CAST(X'${hex(Buffer.from(value, "utf8"))}' AS TEXT)` : `'${value.replace(/'/g, "''")}'`;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value) || Array.isArray(value)) return `X'${hex(Array.isArray(value) ? Uint8Array.from(value) : value)}'`;
  throw new Error(`cannot write ${typeof value} as SQL`);
}

const quoted = (name) => `"${name.replace(/"/g, '""')}"`;
const END = "\n;\n";

/** The whole local database as SQL text (see the file's comment for its order). */
export async function dumpD1(db) {
  const { results: schema } = await db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid").all();
  const virtual = schema.filter((o) => o.type === "table" && /^CREATE VIRTUAL TABLE/i.test(o.sql)).map((o) => o.name);
  const internal = (name) => name.startsWith("sqlite_") || name.startsWith("_cf_") || virtual.some((v) => name.startsWith(`${v}_`));
  const tables = schema.filter((o) => o.type === "table" && !virtual.includes(o.name) && !internal(o.name));
  let sql = "-- Tesoro local D1 backup (scripts/backup.mjs). Statements end with a line holding only ';'." + "\nPRAGMA defer_foreign_keys = ON" + END;
  // Every table before any row: a row's foreign key may name a table created after its own.
  for (const table of tables) sql += table.sql + END;
  for (const table of tables) {
    const { results } = await db.prepare(`SELECT * FROM ${quoted(table.name)}`).all();
    for (const row of results) {
      const columns = Object.keys(row);
      sql += `INSERT INTO ${quoted(table.name)} (${columns.map(quoted).join(", ")}) VALUES (${columns.map((c) => literal(row[c])).join(", ")})${END}`;
    }
  }
  for (const name of virtual) {
    sql += schema.find((o) => o.name === name).sql + END;
    for (const statement of DERIVED[name] ?? []) sql += statement + END;
  }
  for (const object of schema) if ((object.type === "index" || object.type === "trigger") && !internal(object.name) && !internal(object.tbl_name)) sql += object.sql + END;
  return sql;
}

/** The statements of a backup's SQL file, in order. */
export function statementsOf(sql) {
  return sql
    .split(END)
    .map((s) => s.replace(/^--.*\n/, "").trim())
    .filter(Boolean);
}

const objectFile = (key) => encodeURIComponent(key);

/** Every object of the bucket, with its metadata, into `folder` (one file each, and index.json). */
export async function dumpR2(bucket, folder) {
  mkdirSync(folder, { recursive: true });
  const index = [];
  let cursor;
  do {
    const page = await bucket.list({ cursor, limit: 1000, include: ["httpMetadata", "customMetadata"] });
    for (const listed of page.objects) {
      const object = await bucket.get(listed.key);
      const bytes = Buffer.from(await object.arrayBuffer());
      writeFileSync(path.join(folder, objectFile(listed.key)), bytes);
      index.push({ key: listed.key, file: objectFile(listed.key), size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex"), httpMetadata: object.httpMetadata ?? {}, customMetadata: object.customMetadata ?? {} });
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  writeFileSync(path.join(folder, "index.json"), JSON.stringify(index, null, 2));
  return index.length;
}

/** A backup of the local state `stateDir` into `outDir`: `d1.sql` and `r2/`. */
export async function backupLocal(stateDir, outDir) {
  const { mf, db, bucket } = await openLocal(stateDir);
  try {
    mkdirSync(outDir, { recursive: true });
    const sql = await dumpD1(db);
    writeFileSync(path.join(outDir, "d1.sql"), sql);
    const objects = await dumpR2(bucket, path.join(outDir, "r2"));
    return { statements: statementsOf(sql).length, objects };
  } finally {
    await mf.dispose();
  }
}

/**
 * A backup into a fresh state folder: all of the SQL in one D1 batch (one transaction, foreign
 * keys checked at its end), then every object back with its metadata. Refuses a folder that
 * already holds state: a restore never mixes with other data.
 */
export async function restoreLocal(inDir, stateDir) {
  const target = path.resolve(root, stateDir);
  if (existsSync(target) && readdirSync(target).length) throw new Error(`${stateDir} is not empty: restore into a fresh folder (or remove it first)`);
  const statements = statementsOf(readFileSync(path.join(inDir, "d1.sql"), "utf8"));
  const index = JSON.parse(readFileSync(path.join(inDir, "r2", "index.json"), "utf8"));
  const { mf, db, bucket } = await openLocal(stateDir);
  try {
    await db.batch(statements.map((s) => db.prepare(s)));
    for (const entry of index) {
      const bytes = readFileSync(path.join(inDir, "r2", entry.file));
      if (createHash("sha256").update(bytes).digest("hex") !== entry.sha256) throw new Error(`object ${entry.key}: its file does not match the backup's checksum`);
      await bucket.put(entry.key, bytes, { httpMetadata: entry.httpMetadata, customMetadata: entry.customMetadata });
    }
    return { statements: statements.length, objects: index.length };
  } finally {
    await mf.dispose();
  }
}
