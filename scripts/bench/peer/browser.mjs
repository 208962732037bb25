/**
 * One measured visit in Chromium on a fresh profile (a new browser context: empty cache, cookies,
 * storage, IndexedDB and service workers, as on a new device), shared by both sides of
 * `npm run bench:peer`:
 *   - time from the navigation to the first transaction row visible (the caller's `steps` drive
 *     the page there: sign-in, opening a file, … with no think time);
 *   - bytes transferred, by resource type (Playwright's request sizes: the encoded body plus
 *     headers, for the page, its workers and service worker);
 *   - the JS heap after load: V8's used heap of the page and of every worker target (Actual runs
 *     its engine and SQLite in a worker), read over the DevTools protocol. WebAssembly memory and
 *     array-buffer backing stores are outside V8's heap and not counted in it (the goal's figure,
 *     stated in the note); they are read beside it (`backingStorageSize`) as a second, separately
 *     labelled figure, since Actual's SQLite database lives in a WebAssembly memory.
 */
import { chromium } from "playwright-core";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

// A DevTools port beside Playwright's pipe, for the heap of workers (heapOfAllTargets).
const DEBUG_PORT = Number(process.env.PEER_DEVTOOLS_PORT ?? 8822);

export async function launchBrowser() {
  return chromium.launch({ executablePath: CHROME_PATH, headless: true, args: ["--no-sandbox", "--disable-gpu", `--remote-debugging-port=${DEBUG_PORT}`, "--remote-debugging-address=127.0.0.1"] });
}

/**
 * V8 used heap (bytes) of every page and worker target, summed by kind, over a raw DevTools
 * connection to the browser (flat sessions: Playwright's CDPSession cannot address a worker).
 */
async function heapOfAllTargets() {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${DEBUG_PORT}/json/version`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error("no DevTools connection"));
  });
  let nextId = 1;
  const waiting = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    const entry = waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id);
    if (message.error) entry.reject(new Error(`${entry.method}: ${message.error.message}`));
    else entry.resolve(message.result);
  };
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject, method });
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      setTimeout(() => waiting.has(id) && (waiting.delete(id), reject(new Error(`${method}: no answer in 30 s`))), 30_000);
    });
  try {
    const { targetInfos } = await send("Target.getTargets");
    const heap = { page: 0, workers: 0, backing: 0, targets: [] };
    for (const target of targetInfos) {
      if (!["page", "worker", "shared_worker", "service_worker"].includes(target.type)) continue;
      const { sessionId } = await send("Target.attachToTarget", { targetId: target.targetId, flatten: true });
      try {
        // After a collection: what the tab keeps, not garbage awaiting the next one (both sides alike).
        await send("HeapProfiler.collectGarbage", {}, sessionId).catch(() => {});
        const usage = await send("Runtime.getHeapUsage", {}, sessionId);
        if (target.type === "page") heap.page += usage.usedSize;
        else heap.workers += usage.usedSize;
        // ArrayBuffer and WebAssembly.Memory bytes, outside V8's heap (absent from older Chromium).
        const backingBytes = usage.backingStorageSize ?? 0;
        heap.backing += backingBytes;
        heap.targets.push({ type: target.type, url: target.url.slice(0, 120), usedBytes: usage.usedSize, backingBytes });
      } finally {
        await send("Target.detachFromTarget", { sessionId }).catch(() => {});
      }
    }
    return heap;
  } finally {
    socket.close();
  }
}

/**
 * Opens `url` in a fresh context, runs `steps(page)` (which must end when the first row is
 * visible), then lets the page settle for `settleMs` and reads bytes and heap.
 * Returns { firstRowMs, phases, bytes: { js, total, byType }, heap }.
 */
export async function measureVisit(browser, { url, steps, settleMs = 3000, viewport = { width: 1280, height: 800 } }) {
  const context = await browser.newContext({ viewport, serviceWorkers: "allow" });
  // JS the page and its workers load, apart from what a service worker fetches for its cache
  // (Actual's precaches every chunk, all languages included, in the background).
  const bytes = { js: 0, jsServiceWorker: 0, total: 0, byType: {}, requests: 0, encodings: {} };
  const pending = [];
  context.on("requestfinished", (request) => {
    pending.push(
      request
        .response()
        .then((response) => response?.headerValue("content-encoding"))
        .then((encoding) => (bytes.encodings[encoding ?? "none"] = (bytes.encodings[encoding ?? "none"] ?? 0) + 1))
        .catch(() => {}),
      request.sizes().then(
        (sizes) => {
          const size = sizes.responseBodySize + sizes.responseHeadersSize;
          const type = request.resourceType();
          bytes.total += size;
          bytes.requests += 1;
          bytes.byType[type] = (bytes.byType[type] ?? 0) + size;
          const isJs = type === "script" || /\.m?js(\?|$)/.test(new URL(request.url()).pathname);
          if (isJs && request.serviceWorker()) bytes.jsServiceWorker += size;
          else if (isJs) bytes.js += size;
        },
        () => {},
      ),
    );
  });
  try {
    const page = await context.newPage();
    const phases = {};
    const start = performance.now();
    const mark = (name) => (phases[name] = Math.round(performance.now() - start));
    await page.goto(url, { waitUntil: "commit" });
    mark("committed");
    await steps(page, mark);
    const firstRowMs = Math.round(performance.now() - start);
    // After the row: what loads a moment later (lazy chunks, the rest of a sync) counts too.
    await page.waitForLoadState("load").catch(() => {});
    await page.waitForTimeout(settleMs);
    await Promise.all(pending);
    const heap = await heapOfAllTargets();
    return { firstRowMs, phases, bytes, heap };
  } finally {
    await context.close();
  }
}
