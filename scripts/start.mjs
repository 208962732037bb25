#!/usr/bin/env node
/**
 * `npm start`: build both Workers, migrate and seed the local D1, serve at http://localhost:8787
 * (PORT changes it), and print the demo credentials.
 */
import { DEMO_USER } from "./demo.mjs";
import { localOrigin, localPort } from "./lib/local-origin.mjs";
import { run } from "./lib/run.mjs";
import { seed } from "./seed.mjs";
import { serve } from "./serve.mjs";

const port = localPort();
const origin = localOrigin(port);

console.log("Building Tesoro…");
// The build's own APP_ORIGIN is a default (vite.config.ts); the serve sets the one it answers at.
await run("react-router", ["build"], { quiet: true, env: { PORT: port } });
console.log("Applying migrations and seeding the local database…");
await seed([]);
const child = serve({ port });
const banner = [
  "",
  "──────────────────────────────────────────────",
  `  Tesoro is running at ${origin}`,
  `  Demo sign-in: ${DEMO_USER.email}`,
  `  Password:     ${DEMO_USER.password}`,
  `  Mail outbox:  ${origin}/_dev/mail.json`,
  "──────────────────────────────────────────────",
  "",
].join("\n");
setTimeout(() => console.log(banner), 2500);
child.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
