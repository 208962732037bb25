#!/usr/bin/env node
/**
 * `npm run deploy`: production build (CLOUDFLARE_ENV=production picks [env.production] of both
 * wrangler files), then the API Worker, then the app Worker that binds to it.
 */
import { run } from "./lib/run.mjs";

const env = { CLOUDFLARE_ENV: "production" };
await run("react-router", ["build"], { env });
await run("wrangler", ["deploy", "-c", "dist/tesoro_api/wrangler.json"], { env });
await run("wrangler", ["deploy", "-c", "build/server/wrangler.json"], { env });
