#!/usr/bin/env node
/**
 * `npm run backup [-- <folder>]`: the local D1 (the state `npm run dev` and `npm run serve` use,
 * or TESORO_STATE_DIR) to `<folder>/d1.sql` and the local R2 objects to `<folder>/r2/`.
 * Default folder: backups/<UTC instant>. Production: docs/operations.md ("Backup and restore").
 */
import path from "node:path";
import { backupLocal } from "./lib/local-backup.mjs";
import { root, stateDir } from "./lib/run.mjs";

const out = process.argv[2] ?? path.join("backups", new Date().toISOString().replace(/[:.]/g, "-"));
const done = await backupLocal(stateDir(), path.resolve(root, out));
console.log(`Backed up ${stateDir()} to ${out}: ${done.statements} SQL statements, ${done.objects} R2 objects.`);
