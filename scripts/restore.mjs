#!/usr/bin/env node
/**
 * `npm run restore -- <backup folder> [<fresh state folder>]`: a `npm run backup` folder into a
 * fresh local state (default TESORO_STATE_DIR or .wrangler/state, which must be empty or absent:
 * move the old one away first). Production: docs/operations.md ("Backup and restore").
 */
import { restoreLocal } from "./lib/local-backup.mjs";
import { stateDir } from "./lib/run.mjs";

const from = process.argv[2];
if (!from) {
  console.error("usage: npm run restore -- <backup folder> [<fresh state folder>]");
  process.exit(2);
}
const into = process.argv[3] ?? stateDir();
const done = await restoreLocal(from, into);
console.log(`Restored ${from} into ${into}: ${done.statements} SQL statements, ${done.objects} R2 objects.`);
