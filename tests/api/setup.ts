import { applyD1Migrations, env } from "cloudflare:test";

// Every test file starts from the migrated schema (storage is isolated per file).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
