#!/usr/bin/env node
/**
 * `npm run user:create -- --email E --password P [--name N] [--remote]`: adds a user directly to
 * D1 (for SIGNUP=closed). The password gets the same checks' length limits and the same hash
 * format as sign-up; the API rehashes it at sign-in if its parameters change.
 */
import { parseArgs } from "node:util";
import { executeLocal, lit, migrateLocal, queryLocal } from "./lib/d1.mjs";
import { hashPassword } from "./lib/password.mjs";
import { API_CONFIG, run } from "./lib/run.mjs";

const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, remote: { type: "boolean", default: false } } });
const email = values.email?.trim();
const password = values.password ?? "";
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error("Usage: npm run user:create -- --email E --password P [--name N] [--remote]");
  process.exit(2);
}
if (password.length < 12 || password.length > 128) {
  console.error("The password must have 12 to 128 characters.");
  process.exit(2);
}
const id = crypto.randomUUID();
const now = Date.now();
const sql = `INSERT INTO users (id, email, email_normalized, name, password_hash, locale, created_at, updated_at)
VALUES (${lit(id)}, ${lit(email)}, ${lit(email.toLowerCase())}, ${lit(values.name ?? email.split("@")[0])}, ${lit(hashPassword(password))}, 'en', ${now}, ${now});`;

if (values.remote) {
  await run("wrangler", ["d1", "execute", "DB", "--remote", "--env", "production", "-c", API_CONFIG, "--command", sql]);
} else {
  await migrateLocal();
  if ((await queryLocal(`SELECT id FROM users WHERE email_normalized = ${lit(email.toLowerCase())}`)).length) {
    console.error(`A user with ${email} already exists.`);
    process.exit(1);
  }
  await executeLocal(sql);
}
console.log(`Created ${email} (${id}).`);
