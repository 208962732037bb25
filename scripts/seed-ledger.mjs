/**
 * Ledger part of the demo seed (scripts/seed.mjs calls it): the demo user's default categories,
 * two accounts (BCP Soles in PEN, Interbank Dólares in USD) and a few months of realistic
 * transactions, with two transfers between them. Idempotent: every row has a fixed id, so running
 * it twice adds nothing.
 *
 *   npm run seed -- --transactions 1000000   fills the PEN account up to N generated rows
 *
 * Large N is written as SQL files of CHUNK rows (multi-row INSERTs) run one after another through
 * wrangler's local D1; the triggers keep the cached balance, the per-day totals and the FTS index
 * right for every row, exactly as for rows the API writes.
 */
import { executeLocal, lit, queryLocal } from "./lib/d1.mjs";

export const DEMO_PEN_ACCOUNT = "5eed0000-0000-4000-8000-000000000001";
export const DEMO_USD_ACCOUNT = "5eed0000-0000-4000-8000-000000000002";
const DEFAULT_PEN_ROWS = 160;
const USD_ROWS = 36;
const CHUNK = 25_000;
// D1 refuses statements over 100 KB (SQLITE_TOOBIG): ~250 bytes a row.
const ROWS_PER_INSERT = 150;

/** The API's default categories (workers/api/src/ledger/model.ts), named in English; a unit test keeps the two equal. */
export const CATEGORIES = [
  ["groceries", "Groceries", "expense", "#16a34a"],
  ["dining", "Dining", "expense", "#ea580c"],
  ["transport", "Transport", "expense", "#2563eb"],
  ["housing", "Housing", "expense", "#7c3aed"],
  ["utilities", "Utilities", "expense", "#0891b2"],
  ["health", "Health", "expense", "#dc2626"],
  ["shopping", "Shopping", "expense", "#db2777"],
  ["entertainment", "Entertainment", "expense", "#ca8a04"],
  ["income", "Income", "income", "#15803d"],
  ["transfers", "Transfers", "expense", "#475569"],
  ["fees", "Fees and taxes (ITF)", "expense", "#9f1239"],
  ["other", "Other", "expense", "#64748b"],
];

/** [description, payee, category key, min, max (major units), weight] */
const MERCHANTS = [
  ["Wong San Isidro", "Wong", "groceries", 25, 380, 9],
  ["Plaza Vea Surco", "Plaza Vea", "groceries", 15, 260, 9],
  ["Tottus Miraflores", "Tottus", "groceries", 20, 300, 6],
  ["Mercado de Surquillo", "Mercado", "groceries", 8, 90, 5],
  ["Tambo+ Av. Larco", "Tambo+", "groceries", 3, 35, 8],
  ["Pollería La Brasa Roja", "La Brasa Roja", "dining", 35, 140, 5],
  ["Café Tostado Barranco", "Café Tostado", "dining", 9, 32, 7],
  ["Chifa Titi", "Chifa Titi", "dining", 40, 180, 3],
  ["Rappi pedido", "Rappi", "dining", 18, 75, 6],
  ["Uber viaje", "Uber", "transport", 7, 45, 8],
  ["Cabify viaje", "Cabify", "transport", 8, 50, 4],
  ["Recarga Metropolitano", "ATU", "transport", 10, 30, 4],
  ["Grifo Primax", "Primax", "transport", 60, 220, 3],
  ["Luz del Sur recibo", "Luz del Sur", "utilities", 80, 260, 1],
  ["Sedapal recibo", "Sedapal", "utilities", 35, 110, 1],
  ["Movistar Hogar", "Movistar", "utilities", 99, 189, 1],
  ["Inkafarma", "Inkafarma", "health", 12, 160, 3],
  ["Clínica Ricardo Palma", "Clínica Ricardo Palma", "health", 90, 450, 1],
  ["Saga Falabella", "Falabella", "shopping", 49, 600, 3],
  ["Ripley Jockey Plaza", "Ripley", "shopping", 39, 500, 2],
  ["Cineplanet", "Cineplanet", "entertainment", 18, 70, 3],
  ["Netflix", "Netflix", "entertainment", 35, 45, 1],
  ["Spotify", "Spotify", "entertainment", 20, 26, 1],
  ["Yape a Juan Pérez", "Juan Pérez", "other", 5, 120, 4],
  ["Plin a María Quispe", "María Quispe", "other", 5, 100, 3],
  ["ITF", "SUNAT", "fees", 0.05, 3, 2],
  ["Comisión mantenimiento", "BCP", "fees", 5, 15, 1],
];
const WEIGHTED = MERCHANTS.flatMap((m) => Array(m[5]).fill(m));
const NOTES = ["reembolsable", "con factura", "compartido con Ana", "pago en cuotas", null, null, null, null, null, null];

function parseArgs(args) {
  const index = args.indexOf("--transactions");
  if (index < 0) return { transactions: DEFAULT_PEN_ROWS };
  const n = Number(args[index + 1]);
  if (!Number.isSafeInteger(n) || n < 0 || n > 5_000_000) throw new Error("--transactions takes a whole number from 0 to 5000000");
  return { transactions: n };
}

/** A fixed, time-ordered id per generated row: the index orders rows inside a day. */
function rowId(prefix, i) {
  return `${prefix}-0000-7000-8000-${i.toString(16).padStart(12, "0")}`;
}

function addDays(day, days) {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function todayInLima() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Lima", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

/** Deterministic pseudo-random numbers per row (the same row looks the same on every run). */
function rng(seed) {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/**
 * Row i of n generated for an account, oldest first. About six a day over at least four months and
 * at most twenty years; salary on the 1st and rent on the 5th of each month.
 */
function generatedRow(i, n, end, currency, categories) {
  const span = Math.min(7300, Math.max(120, Math.ceil(n / 6)));
  const dateOf = (k) => addDays(end, -(span - 1) + Math.floor((k * span) / Math.max(1, n)));
  const date = dateOf(i);
  const previous = i > 0 ? dateOf(i - 1) : "";
  const random = rng(i + (currency === "USD" ? 7_000_000 : 0));
  const factor = currency === "USD" ? 0.27 : 1;
  // Monthly salary: about what a month of the generated spending costs (heavier at large n).
  const perMonth = Math.max(1, (n / span) * 30);
  let description, payee, category, amount, notes = null;
  const roll = random();
  if (date.slice(0, 7) !== previous.slice(0, 7)) {
    [description, payee, category, amount] = ["Sueldo — Abono de planilla", "Empresa SAC", "income", Math.round((2000 + perMonth * 70 + random() * 900) * 100 * factor)];
  } else if (date.slice(8) >= "05" && previous.slice(8) < "05" && previous.slice(0, 7) === date.slice(0, 7)) {
    [description, payee, category, amount] = ["Alquiler departamento", "Inmobiliaria Lima", "housing", -Math.round(1800 * 100 * factor)];
  } else if (roll > 0.97) {
    [description, payee, category, amount] = ["Devolución de compra", "Saga Falabella", "shopping", Math.round((20 + random() * 200) * 100 * factor)];
  } else {
    const m = WEIGHTED[Math.floor(random() * WEIGHTED.length)];
    const major = m[3] + random() * (m[4] - m[3]);
    [description, payee, category, amount] = [m[0], m[1], m[2], -Math.max(1, Math.round(major * 100 * factor))];
    notes = NOTES[Math.floor(random() * NOTES.length)];
  }
  const status = i >= n - 3 && random() < 0.6 ? "pending" : "posted";
  return { date, description, payee, category: categories[category] ?? null, amount, notes, status };
}

async function ensureCategories(userId) {
  const now = Date.now();
  const values = CATEGORIES.map(([key, name, kind, color], i) => `(${lit(`5eedca7e-0000-4000-8000-${String(i + 1).padStart(12, "0")}`)}, ${lit(userId)}, ${lit(name)}, ${lit(kind)}, ${lit(color)}, ${lit(key)}, ${now})`);
  // A user created through the API already has them (ids differ): the unique (user, default_key) index makes this a no-op then.
  await executeLocal(`INSERT INTO categories (id, user_id, name, kind, color, default_key, created_at) VALUES ${values.join(", ")} ON CONFLICT DO NOTHING;`);
  const rows = await queryLocal(`SELECT id, default_key FROM categories WHERE user_id = ${lit(userId)} AND default_key IS NOT NULL`);
  return Object.fromEntries(rows.map((row) => [row.default_key, row.id]));
}

async function ensureAccounts(userId, end) {
  const now = Date.now();
  const opening = addDays(end, -200);
  await executeLocal(
    `INSERT INTO accounts (id, user_id, name, type, currency, institution, number, cci, opening_balance, opening_date, archived, balance, created_at, updated_at) VALUES
     (${lit(DEMO_PEN_ACCOUNT)}, ${lit(userId)}, 'BCP Soles', 'checking', 'PEN', 'BCP', '191-24567890-0-35', '00219112456789003554', 250000, ${lit(opening)}, 0, 250000, ${now}, ${now}),
     (${lit(DEMO_USD_ACCOUNT)}, ${lit(userId)}, 'Interbank Dólares', 'savings', 'USD', 'Interbank', '898-3001234567', '00389801300123456743', 120000, ${lit(opening)}, 0, 120000, ${now}, ${now})
     ON CONFLICT (id) DO NOTHING;`,
  );
}

function insertSql(userId, accountId, prefix, rows) {
  const now = Date.now();
  const statements = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const values = rows.slice(i, i + ROWS_PER_INSERT).map(
      ({ index, row }) =>
        `(${lit(rowId(prefix, index))}, ${lit(accountId)}, ${lit(userId)}, ${lit(row.date)}, ${lit(row.description)}, ${row.amount}, ${lit(row.category)}, ${lit(row.payee)}, ${lit(row.notes)}, ${lit(row.status)}, ${now}, ${now})`,
    );
    statements.push(
      `INSERT INTO transactions (id, account_id, user_id, date, description, amount, category_id, payee, notes, status, created_at, updated_at) VALUES\n${values.join(",\n")}\nON CONFLICT (id) DO NOTHING;`,
    );
  }
  return statements.join("\n");
}

/** Generated rows [from, n) of an account, in files of CHUNK rows. */
async function fill(userId, accountId, prefix, currency, n, end, categories, log) {
  const existing = (await queryLocal(`SELECT COUNT(*) AS n FROM transactions WHERE account_id = ${lit(accountId)} AND id LIKE ${lit(`${prefix}-%`)}`))[0]?.n ?? 0;
  if (existing >= n) return 0;
  const started = Date.now();
  for (let from = existing; from < n; from += CHUNK) {
    const rows = [];
    for (let index = from; index < Math.min(n, from + CHUNK); index++) rows.push({ index, row: generatedRow(index, n, end, currency, categories) });
    await executeLocal(insertSql(userId, accountId, prefix, rows));
    if (n - existing > CHUNK) log(`  ${Math.min(n, from + CHUNK).toLocaleString("en")} / ${n.toLocaleString("en")} rows (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  return n - existing;
}

async function ensureTransfers(userId, end, categories) {
  const now = Date.now();
  const legs = [];
  [
    [addDays(end, -75), 37000, 10000],
    [addDays(end, -20), 18500, 5000],
  ].forEach(([date, pen, usd], k) => {
    const transferId = `5eed7a7e-0000-4000-8000-${String(k + 1).padStart(12, "0")}`;
    const description = "BCP Soles → Interbank Dólares";
    for (const [suffix, account, amount] of [["a", DEMO_PEN_ACCOUNT, -pen], ["b", DEMO_USD_ACCOUNT, usd]]) {
      legs.push(
        `(${lit(`5eed7a7e-0000-7000-8000-0000000000${k + 1}${suffix}`)}, ${lit(account)}, ${lit(userId)}, ${lit(date)}, ${lit(description)}, ${amount}, ${lit(categories.transfers ?? null)}, 'posted', ${lit(transferId)}, ${now}, ${now})`,
      );
    }
  });
  await executeLocal(`INSERT INTO transactions (id, account_id, user_id, date, description, amount, category_id, status, transfer_id, created_at, updated_at) VALUES ${legs.join(", ")} ON CONFLICT (id) DO NOTHING;`);
}

export async function seedLedger(demoUser, args = [], { log = console.log } = {}) {
  const { transactions } = parseArgs(args);
  const end = todayInLima();
  const categories = await ensureCategories(demoUser.id);
  await ensureAccounts(demoUser.id, end);
  const pen = await fill(demoUser.id, DEMO_PEN_ACCOUNT, "5eed0001", "PEN", transactions, end, categories, log);
  const usd = await fill(demoUser.id, DEMO_USD_ACCOUNT, "5eed0002", "USD", USD_ROWS, end, categories, log);
  await ensureTransfers(demoUser.id, end, categories);
  if (pen + usd) log(`Seeded ${(pen + usd).toLocaleString("en")} demo transactions.`);
  return { added: pen + usd };
}
