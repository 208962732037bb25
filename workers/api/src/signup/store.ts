/** The SQL of sign-up (ADR 039): whether an address is free, a usable sign-up link, and the account its claim creates. */
import { findUsableLink } from "../links/store";
import { addressTakenSql } from "../users/store";

/** Whether anyone holds the address: a user signs in with it, or an undo of a change of email holds it (ADR 032). */
export function addressHeldQuery(db: D1Database, emailNormalized: string, now: number) {
  return db.prepare(`SELECT ${addressTakenSql("?1", "?2", "NULL")} AS taken`).bind(emailNormalized, now);
}

/** `taken`: the address has an account now (or is held, ADR 032), read in the same query. */
export type SignupLinkRow = { id: string; email: string; name: string; locale: string; taken: number };
export function findUsableSignup(db: D1Database, linkId: string, now: number) {
  return findUsableLink<SignupLinkRow>(db, "signup_links", `id, email, name, locale, ${addressTakenSql("signup_links.email_normalized", "?2", "NULL")} AS taken`, linkId, now);
}

/**
 * The account a sign-up link's claim creates (`claimLink(…).then`), from what the link holds, only
 * if the claim won and the address is still free (its UNIQUE index). ?3 the user id, ?4 now.
 */
export const createUserFromLink = (won: string) => `INSERT INTO users (id, email, email_normalized, name, password_hash, locale, created_at, updated_at)
                  SELECT ?3, email, email_normalized, name, password_hash, locale, ?4, ?4 FROM signup_links WHERE id = ?1 AND ${won}
                  ON CONFLICT (email_normalized) DO NOTHING`;
