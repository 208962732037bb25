#!/usr/bin/env node
/**
 * `npm run deploy`: production build (CLOUDFLARE_ENV=production picks [env.production] of both
 * wrangler files), then the API Worker, then the app Worker that binds to it.
 */
import { readFileSync } from "node:fs";
import { deployProblems } from "./lib/deploy-checks.mjs";
import { run } from "./lib/run.mjs";

const env = { CLOUDFLARE_ENV: "production" };
await run("react-router", ["build"], { env });
// Nothing goes out with the repository's placeholders (README, deploy step 1 and 2).
const problems = deployProblems(JSON.parse(readFileSync("dist/tesoro_api/wrangler.json", "utf8")));
if (problems.length) {
  console.error(`Not deployed: set these in [env.production] of workers/api/wrangler.toml:\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
await run("wrangler", ["deploy", "-c", "dist/tesoro_api/wrangler.json"], { env });
await run("wrangler", ["deploy", "-c", "build/server/wrangler.json"], { env });
