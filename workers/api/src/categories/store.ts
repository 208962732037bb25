/** The categories table: the defaults a new user gets, the names a new one may not take, and the user's own. */
import { DEFAULT_CATEGORY_KEYS } from "../../../../core/schemas/ledger";
import { DEFAULT_CATEGORY_SPECS, defaultCategoryName, type CategoryRow } from "../ledger/model";

export async function categoryBelongs(db: D1Database, userId: string, id: string): Promise<boolean> {
  return !!(await db.prepare("SELECT 1 AS ok FROM categories WHERE id = ?1 AND user_id = ?2").bind(id, userId).first());
}

/** The default categories, named in the user's language; existing ones are left alone. */
export function defaultCategoryStatements(db: D1Database, userId: string, locale: string, now = Date.now()): D1PreparedStatement[] {
  return DEFAULT_CATEGORY_KEYS.map((key) => {
    const spec = DEFAULT_CATEGORY_SPECS[key];
    return db
      .prepare("INSERT INTO categories (id, user_id, name, kind, color, default_key, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO NOTHING")
      .bind(crypto.randomUUID(), userId, defaultCategoryName(key, locale), spec.kind, spec.color, key, now);
  });
}

export async function createDefaultCategories(db: D1Database, userId: string, locale: string): Promise<void> {
  await db.batch(defaultCategoryStatements(db, userId, locale));
}

/** The user's categories, as far as their names go (`categoryNames`): for a check of a new name, or an import's matching. */
export function categoryNamesStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare("SELECT id, name, default_key FROM categories WHERE user_id = ?1").bind(userId);
}

export function categoriesStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare("SELECT * FROM categories WHERE user_id = ?1").bind(userId);
}

/** A new category; `meta.changes` is 0 when its name is taken (the UNIQUE index). */
export function insertCategory(db: D1Database, row: { id: string; userId: string; name: string; kind: string; color: string; now: number }) {
  return db.prepare("INSERT INTO categories (id, user_id, name, kind, color, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING").bind(row.id, row.userId, row.name, row.kind, row.color, row.now);
}

/** One of the user's categories. */
export function findCategory(db: D1Database, userId: string, id: string) {
  return db.prepare("SELECT * FROM categories WHERE id = ?1 AND user_id = ?2").bind(id, userId).first<CategoryRow>();
}

/** A category just written by this request, read back by its id alone. */
export function categoryById(db: D1Database, id: string) {
  return db.prepare("SELECT * FROM categories WHERE id = ?1").bind(id).first<CategoryRow>();
}

/** Writes only the fields given (a rename may be refused by the UNIQUE index: thrown). */
export function updateCategory(db: D1Database, userId: string, id: string, input: { name?: string; kind?: string; color?: string }) {
  return db
    .prepare("UPDATE categories SET name = COALESCE(?1, name), kind = COALESCE(?2, kind), color = COALESCE(?3, color) WHERE id = ?4 AND user_id = ?5")
    .bind(input.name ?? null, input.kind ?? null, input.color ?? null, id, userId);
}

export function deleteCategory(db: D1Database, userId: string, id: string) {
  return db.prepare("DELETE FROM categories WHERE id = ?1 AND user_id = ?2").bind(id, userId);
}
