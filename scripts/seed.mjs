#!/usr/bin/env node
/**
 * Seeds the local D1: the demo user (idempotent: running it twice adds nothing).
 * Ledger data is added by scripts/seed-ledger.mjs when that module exists.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DEMO_USER } from "./demo.mjs";
import { executeLocal, lit, migrateLocal, queryLocal } from "./lib/d1.mjs";
import { hashPassword } from "./lib/password.mjs";
import { root } from "./lib/run.mjs";
import { seedRates } from "./seed-rates.mjs";

export async function seedDemoUser() {
  const existing = await queryLocal(`SELECT id FROM users WHERE id = ${lit(DEMO_USER.id)}`);
  if (existing.length) return false;
  const now = Date.now();
  await executeLocal(
    `INSERT OR IGNORE INTO users (id, email, email_normalized, name, password_hash, locale, created_at, updated_at)
     VALUES (${lit(DEMO_USER.id)}, ${lit(DEMO_USER.email)}, ${lit(DEMO_USER.email.toLowerCase())}, ${lit(DEMO_USER.name)}, ${lit(hashPassword(DEMO_USER.password))}, 'en', ${now}, ${now});`,
  );
  return true;
}

export async function seed(args = process.argv.slice(2)) {
  await migrateLocal();
  const created = await seedDemoUser();
  await seedRates();
  const ledger = path.join(root, "scripts", "seed-ledger.mjs");
  if (existsSync(ledger)) {
    const { seedLedger } = await import(pathToFileURL(ledger).href);
    await seedLedger(DEMO_USER, args);
  }
  return { created };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  seed().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
