#!/usr/bin/env node
/**
 * `npm run bench:bundle`: gzip bytes of the JavaScript and CSS that a first visit to /login
 * (signed out) and / (signed in) loads, measured by loading the pages in Chromium against the
 * production build and gzipping each file it fetched. Goal (issue 2): JavaScript ≤ 1.3× a bare
 * React Router 8 app, measured from bench/baseline's build of the same packages (~111 KB gzip).
 */
import { readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { signInDemo } from "./demo.mjs";
import { localOrigin } from "./lib/local-origin.mjs";
import { baselineJsGzipBytes, buildBaseline } from "./lib/baseline.mjs";
import { root, run } from "./lib/run.mjs";

const port = process.env.BENCH_PORT ?? "8796";
const base = localOrigin(port);
process.env.TESORO_STATE_DIR = ".wrangler/bench-state";

if (!existsSync(path.join(root, "build/client")) || process.argv.includes("--build")) await run("react-router", ["build"], { quiet: true });
await buildBaseline({ force: process.argv.includes("--build") });
const BARE_REACT_ROUTER_JS_GZIP = baselineJsGzipBytes();
const { seed } = await import("./seed.mjs");
await seed([]);
const { serve } = await import("./serve.mjs");
const server = serve({ port, stdio: "ignore" });

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

function gzipBytes(urlPath) {
  const file = path.join(root, "build/client", decodeURIComponent(urlPath));
  return gzipSync(readFileSync(file), { level: 6 }).length;
}

async function measure(browser, pagePath, cookie) {
  const context = await browser.newContext({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36" });
  if (cookie) await context.addCookies([{ name: "tesoro_session", value: cookie, url: base }]);
  const page = await context.newPage();
  const files = new Set();
  page.on("requestfinished", (request) => {
    const url = new URL(request.url());
    if (url.origin === base && /\.(m?js|css)$/.test(url.pathname)) files.add(url.pathname);
  });
  await page.goto(base + pagePath, { waitUntil: "networkidle" });
  await page.waitForSelector("html[data-hydrated='true']");
  await context.close();
  const js = [...files].filter((f) => /\.m?js$/.test(f));
  if (process.env.BENCH_VERBOSE) for (const f of js) console.log(pagePath, f, gzipBytes(f));
  const css = [...files].filter((f) => f.endsWith(".css"));
  const sum = (list) => list.reduce((total, f) => total + gzipBytes(f), 0);
  return { path: pagePath, jsFiles: js.length, jsGzipBytes: sum(js), cssFiles: css.length, cssGzipBytes: sum(css) };
}

try {
  await waitForServer();
  const { cookie } = await signInDemo(base);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
  const rows = [await measure(browser, "/login", null), await measure(browser, "/", cookie)];
  await browser.close();
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log("\nFirst-visit bundle (gzip -6):");
  const goal = 1.3;
  console.log(`page      JS files  JS gzip     CSS files  CSS gzip   JS vs bare RR8 (${kb(BARE_REACT_ROUTER_JS_GZIP)}, goal ≤ ${goal}×)`);
  for (const r of rows) {
    console.log(`${r.path.padEnd(9)} ${String(r.jsFiles).padStart(8)}  ${kb(r.jsGzipBytes).padStart(9)}  ${String(r.cssFiles).padStart(9)}  ${kb(r.cssGzipBytes).padStart(8)}   ${(r.jsGzipBytes / BARE_REACT_ROUTER_JS_GZIP).toFixed(2)}× ${r.jsGzipBytes <= goal * BARE_REACT_ROUTER_JS_GZIP ? "PASS" : "MISS"}`);
  }
  const resultsFile = path.join(root, "bench/results.json");
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, "utf8")) : {};
  writeFileSync(resultsFile, JSON.stringify({ ...previous, bundle: { measuredAt: new Date().toISOString(), bareReactRouterJsGzipBytes: BARE_REACT_ROUTER_JS_GZIP, pages: rows } }, null, 2));
  console.log(`\nWritten to ${path.relative(root, resultsFile)}`);
} finally {
  server.kill("SIGTERM");
}
