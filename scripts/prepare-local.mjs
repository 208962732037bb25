#!/usr/bin/env node
/** Migrates (and unless --migrate-only, seeds) the local D1 used by `npm run dev`. */
import { migrateLocal } from "./lib/d1.mjs";
import { seed } from "./seed.mjs";

if (process.argv.includes("--migrate-only")) await migrateLocal();
else await seed([]);
