/**
 * D1's Sessions API: every request runs in one D1 session, so its queries are sequentially
 * consistent and reads may be served by a nearby read replica. The caller carries a bookmark
 * (`x-d1-bookmark`) from one request to the next, so a user always reads their own writes even
 * when the next request lands on another replica. Without one, the session may start anywhere
 * ("first-unconstrained"). (docs/decisions/014-d1-sessions.md)
 */
import { OPAQUE_TOKEN_PATTERN } from "../../../../core/ids";

export const BOOKMARK_HEADER = "x-d1-bookmark";

/** Bookmarks are opaque, short and printable; anything else is ignored rather than trusted. */
export function bookmarkFrom(request: Request): string | null {
  const value = request.headers.get(BOOKMARK_HEADER);
  return value && OPAQUE_TOKEN_PATTERN.test(value) ? value : null;
}

export function openSession(db: D1Database, bookmark: string | null): D1DatabaseSession {
  return db.withSession(bookmark ?? "first-unconstrained");
}

/** The API only prepares statements and runs batches, both of which a session supports. */
export function sessionAsDatabase(session: D1DatabaseSession): D1Database {
  return session as unknown as D1Database;
}
