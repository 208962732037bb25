#!/usr/bin/env node
/**
 * `npm run bench:bundle`: gzip bytes of the JavaScript and CSS that a first visit to /login
 * (signed out) and / (signed in) loads, measured by loading the pages in Chromium against the
 * production build and gzipping each file it fetched. The two floors are measured the same way,
 * from bench/baseline's build of the same packages served the same way (bench/baseline/README.md):
 * its bare framework page (/) and its design-card page (/card: react-i18next with one namespace,
 * react-hot-toast's Toaster, a Radix tooltip). Each counts only the files that page loads.
 * Goal (issue 34): every page's JavaScript ≤ 1.1× the design-card floor's; the ratio to the bare
 * framework is printed beside it.
 *
 * Tesoro on BENCH_PORT (8796), the floor on BENCH_BASELINE_PORT (8797); their inspectors on
 * BENCH_INSPECTOR_PORT and BENCH_BASELINE_INSPECTOR_PORT when set (wrangler picks otherwise).
 */
import { readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { signInDemo } from "./demo.mjs";
import { localOrigin } from "./lib/local-origin.mjs";
import { BARE_PATH, BASELINE_DIR, baselineServeArgs, buildBaseline, DESIGN_CARD_PATH } from "./lib/baseline.mjs";
import { benchServers } from "./lib/bench-servers.mjs";
import { requireFreePort, root, run } from "./lib/run.mjs";
import { serveArgs } from "./serve.mjs";

const port = process.env.BENCH_PORT ?? "8796";
const baselinePort = process.env.BENCH_BASELINE_PORT ?? "8797";
const inspector = (name) => (process.env[name] ? ["--inspector-port", process.env[name]] : []);
const base = localOrigin(port);
const baselineBase = localOrigin(baselinePort);
const GOAL = 1.1;
process.env.TESORO_STATE_DIR = ".wrangler/bench-state";

if (!existsSync(path.join(root, "build/client")) || process.argv.includes("--build")) await run("react-router", ["build"], { quiet: true });
await buildBaseline({ force: process.argv.includes("--build") });
const { seed } = await import("./seed.mjs");
await seed([]);
for (const p of [port, baselinePort]) await requireFreePort(p);
const servers = benchServers();
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => servers.stopAll().then(() => process.exit(130)));

function gzipBytes(clientDir, urlPath) {
  return gzipSync(readFileSync(path.join(clientDir, decodeURIComponent(urlPath))), { level: 6 }).length;
}

/**
 * One first visit on a fresh context: every JS and CSS file of the page's origin that Chromium
 * fetched, gzipped from `clientDir` (the build it was served from). Tesoro's pages are read once
 * hydrated (the root marks <html>); the floors have no such mark, and load nothing after idle.
 */
async function measure(browser, { origin, clientDir, pagePath, name = pagePath, cookie = null, hydratedMark = false }) {
  const context = await browser.newContext({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36" });
  if (cookie) await context.addCookies([{ name: "tesoro_session", value: cookie, url: origin }]);
  const page = await context.newPage();
  const files = new Set();
  page.on("requestfinished", (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && /\.(m?js|css)$/.test(url.pathname)) files.add(url.pathname);
  });
  const response = await page.goto(origin + pagePath, { waitUntil: "networkidle" });
  if (!response?.ok()) throw new Error(`${name}: ${origin + pagePath} answered ${response?.status()}`);
  if (hydratedMark) await page.waitForSelector("html[data-hydrated='true']");
  await context.close();
  const js = [...files].filter((f) => /\.m?js$/.test(f));
  if (process.env.BENCH_VERBOSE) for (const f of js) console.log(name, f, gzipBytes(clientDir, f));
  const css = [...files].filter((f) => f.endsWith(".css"));
  const sum = (list) => list.reduce((total, f) => total + gzipBytes(clientDir, f), 0);
  return { name, path: pagePath, jsFiles: js.length, jsGzipBytes: sum(js), cssFiles: css.length, cssGzipBytes: sum(css) };
}

try {
  const tesoro = servers.start([...serveArgs({ port }), ...inspector("BENCH_INSPECTOR_PORT")]);
  const baseline = servers.start([...baselineServeArgs({ port: baselinePort, persistTo: ".wrangler/bench-bundle-baseline" }), ...inspector("BENCH_BASELINE_INSPECTOR_PORT")]);
  await Promise.all([servers.waitFor(`${base}/api/v1/health`, tesoro), servers.waitFor(`${baselineBase}${BARE_PATH}`, baseline)]);
  const { cookie } = await signInDemo(base);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
  const floorClient = path.join(BASELINE_DIR, "build/client");
  const tesoroClient = path.join(root, "build/client");
  const [bare, card] = [
    await measure(browser, { origin: baselineBase, clientDir: floorClient, pagePath: BARE_PATH, name: "bare RR8" }),
    await measure(browser, { origin: baselineBase, clientDir: floorClient, pagePath: DESIGN_CARD_PATH, name: "design card" }),
  ];
  const rows = [
    await measure(browser, { origin: base, clientDir: tesoroClient, pagePath: "/login", hydratedMark: true }),
    await measure(browser, { origin: base, clientDir: tesoroClient, pagePath: "/", cookie, hydratedMark: true }),
  ];
  await browser.close();
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log("\nFirst-visit bundle (gzip -6):");
  console.log(`floor (bench/baseline)   JS files  JS gzip     CSS files  CSS gzip`);
  for (const r of [bare, card]) {
    console.log(`${`${r.name} ${r.path}`.padEnd(24)} ${String(r.jsFiles).padStart(8)}  ${kb(r.jsGzipBytes).padStart(9)}  ${String(r.cssFiles).padStart(9)}  ${kb(r.cssGzipBytes).padStart(8)}`);
  }
  console.log(`\npage      JS files  JS gzip     CSS files  CSS gzip   JS vs bare RR8   JS vs design card (goal ≤ ${GOAL}×)`);
  for (const r of rows) {
    console.log(
      `${r.path.padEnd(9)} ${String(r.jsFiles).padStart(8)}  ${kb(r.jsGzipBytes).padStart(9)}  ${String(r.cssFiles).padStart(9)}  ${kb(r.cssGzipBytes).padStart(8)}   ${(r.jsGzipBytes / bare.jsGzipBytes).toFixed(2).padStart(13)}×   ${(r.jsGzipBytes / card.jsGzipBytes).toFixed(2)}× ${r.jsGzipBytes <= GOAL * card.jsGzipBytes ? "PASS" : "MISS"}`,
    );
  }
  const resultsFile = path.join(root, "bench/results.json");
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, "utf8")) : {};
  const bundle = {
    measuredAt: new Date().toISOString(),
    bareReactRouterJsGzipBytes: bare.jsGzipBytes,
    designCardJsGzipBytes: card.jsGzipBytes,
    goalTimesDesignCard: GOAL,
    floors: [bare, card],
    pages: rows,
  };
  writeFileSync(resultsFile, JSON.stringify({ ...previous, bundle }, null, 2));
  console.log(`\nWritten to ${path.relative(root, resultsFile)}`);
} finally {
  await servers.stopAll();
}
