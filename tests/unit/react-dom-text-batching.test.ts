import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type * as ReactModule from "react";
import { describe, expect, it } from "vitest";
import { batchReactDomTextWrites } from "../../scripts/vite/react-dom-text-batching";

/**
 * The batched renderer must send exactly the bytes the stock one sends. Both are loaded from the
 * installed react-dom (production builds, as the Worker runs them) and render the same trees.
 */
const require = createRequire(import.meta.url);
// The packages' `exports` hide their cjs/ files; absolute paths reach them.
const fileOf = (pkg: string, file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
const stockSource = readFileSync(fileOf("react-dom", "cjs/react-dom-server.edge.production.js"), "utf8");
const React = require(fileOf("react", "cjs/react.production.js")) as typeof ReactModule;
const ReactDOM = require(fileOf("react-dom", "cjs/react-dom.production.js")) as unknown;

type Renderer = { renderToReadableStream: (node: React.ReactNode, options?: object) => Promise<ReadableStream<Uint8Array> & { allReady: Promise<void> }> };

/** Evaluates a renderer's CommonJS source with the production React it was built against. */
function load(source: string): Renderer {
  const module = { exports: {} as Renderer };
  const requireFor = (name: string) => (name === "react" ? React : name === "react-dom" ? ReactDOM : require(name));
  new Function("module", "exports", "require", source)(module, module.exports, requireFor);
  return module.exports;
}

const stock = load(stockSource);
const batched = load(batchReactDomTextWrites(stockSource));

/** The stream as the browser gets it: the chunks' bytes, in order. */
async function bytesOf(renderer: Renderer, node: React.ReactNode): Promise<{ bytes: Uint8Array; chunks: number }> {
  const stream = await renderer.renderToReadableStream(node, { onError: () => {} });
  const parts: Uint8Array[] = [];
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part);
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { bytes, chunks: parts.length };
}

const h = React.createElement;

function rows(n: number) {
  return h(
    "table",
    null,
    h(
      "tbody",
      null,
      Array.from({ length: n }, (_, i) =>
        h(
          "tr",
          { key: i, "data-id": `row-${i}` },
          h("td", { className: "date" }, h("time", { dateTime: "2026-11-21" }, "21 nov 2026")),
          h("th", { scope: "row", style: { fontWeight: 400 } }, `Café Ñaña ${i} <b>&"'`),
          h("td", { "data-num": "" }, h("span", { "data-minor": String(-1827 * i) }, `-S/ ${(18.27 * i).toFixed(2)} 💸`)),
          h("td", null, h("a", { href: `/accounts/a/transactions?edit=${i}`, "aria-label": `Editar ${i}` }, h("svg", { width: 16, height: 16 }, h("use", { href: "#icon-pencil" })))),
        ),
      ),
    ),
  );
}

function Later({ promise }: { promise: Promise<string> }) {
  return h("p", null, React.use(promise));
}

function Broken(): React.ReactNode {
  throw new Error("boom");
}

const documents: Array<[string, () => React.ReactNode]> = [
  ["a table of 50 rows with accents, emoji and characters to escape", () => h("html", null, h("body", null, rows(50)))],
  ["text larger than the 4 KB views, in one node", () => h("div", null, "ñ".repeat(5000), h("pre", null, "x".repeat(9000)))],
  ["an empty page", () => h("div", null)],
  [
    "a Suspense boundary streamed in after the shell",
    () => {
      const promise = new Promise<string>((resolve) => setTimeout(() => resolve("totals: S/ 1,234.50"), 5));
      return h("html", null, h("body", null, rows(3), h(React.Suspense, { fallback: h("span", null, "Cargando…") }, h(Later, { promise })), h("footer", null, "fin")));
    },
  ],
  [
    // Near React's outlining limits (500 bytes in a boundary, 12,800 in a flush), sizes must be bytes, not characters.
    "a boundary past the outlining limits only when counted in bytes (ñ is 2, 💸 is 4)",
    () => {
      const promise = Promise.resolve("ñ".repeat(300) + "💸".repeat(20));
      return h("html", null, h("body", null, h("p", null, "x".repeat(12_500)), h(React.Suspense, { fallback: h("span", null, "…") }, h(Later, { promise }))));
    },
  ],
  [
    // The shell's size is counted in characters once they alone pass the 12,800 limit; below it, in bytes.
    "a shell past the flush limit in characters, then a small boundary",
    () => h("html", null, h("body", null, h("p", null, "ñ".repeat(13_000)), h(React.Suspense, { fallback: h("span", null, "…") }, h(Later, { promise: Promise.resolve("ñ💸".repeat(200)) })))),
  ],
  [
    "a shell past the flush limit only in bytes, then a small boundary",
    () => h("html", null, h("body", null, h("p", null, "ñ".repeat(6_500)), h(React.Suspense, { fallback: h("span", null, "…") }, h(Later, { promise: Promise.resolve("ñ💸".repeat(200)) })))),
  ],
  ["a boundary whose content throws (rendered by the client)", () => h("main", null, h(React.Suspense, { fallback: h("i", null, "…") }, h(Broken)), rows(2))],
];

describe("react-dom text batching (scripts/vite/react-dom-text-batching.ts)", () => {
  for (const [name, make] of documents) {
    it(`sends the same bytes as the stock renderer: ${name}`, async () => {
      const [a, b] = [await bytesOf(stock, make()), await bytesOf(batched, make())];
      expect(b.bytes.length).toBeGreaterThan(0);
      expect(Buffer.from(b.bytes).toString("utf8")).toBe(Buffer.from(a.bytes).toString("utf8"));
      expect(Buffer.compare(Buffer.from(b.bytes), Buffer.from(a.bytes))).toBe(0);
    });
  }

  it("keeps two renders in flight at once apart (the pending text is shared by the module)", async () => {
    const page = (label: string, ms: number) => {
      const promise = new Promise<string>((resolve) => setTimeout(() => resolve(`${label} ñ `.repeat(400)), ms));
      return h("main", null, h("h1", null, label), rows(20), h(React.Suspense, { fallback: h("span", null, "…") }, h(Later, { promise })), h("p", null, `${label} end`));
    };
    const [a, b] = await Promise.all([bytesOf(batched, page("first", 15)), bytesOf(batched, page("second", 5))]);
    const [a0, b0] = [await bytesOf(stock, page("first", 15)), await bytesOf(stock, page("second", 5))];
    expect(Buffer.from(a.bytes).toString("utf8")).toBe(Buffer.from(a0.bytes).toString("utf8"));
    expect(Buffer.from(b.bytes).toString("utf8")).toBe(Buffer.from(b0.bytes).toString("utf8"));
  });

  it("encodes far fewer times than the stock renderer", async () => {
    const calls = { stock: 0, batched: 0 };
    const original = TextEncoder.prototype.encode;
    try {
      for (const key of ["stock", "batched"] as const) {
        TextEncoder.prototype.encode = function (this: TextEncoder, input?: string) {
          calls[key] += 1;
          return original.call(this, input);
        };
        await bytesOf(key === "stock" ? stock : batched, rows(50));
      }
    } finally {
      TextEncoder.prototype.encode = original;
    }
    // Stock: one call per piece of markup (thousands); batched: about one per 2 KB of output.
    expect(calls.stock).toBeGreaterThan(1000);
    expect(calls.batched).toBeLessThan(calls.stock / 20);
  });

  it("refuses a renderer it was not written for, so the build fails instead of half-patching", () => {
    expect(() => batchReactDomTextWrites(stockSource.replace("function stringToChunk(content) {", "function stringToChunk(text) {"))).toThrow(/react-dom differs/);
    expect(() => batchReactDomTextWrites(batchReactDomTextWrites(stockSource))).toThrow(/react-dom differs/);
  });
});
