/**
 * React's edge renderer (`react-dom/server.edge`, which a Worker uses) turns every piece of its
 * output into bytes on its own: each tag fragment, attribute name and value, and text node costs
 * one `TextEncoder.encode` call and one small `Uint8Array`. A page of 50 transaction rows makes
 * thousands of them. That is React's largest cost on our pages: a workerd call per piece (workerd
 * issue #5317; Astro fixed the same in withastro/astro#15123).
 *
 * This build step changes the renderer to keep the pieces as strings and encode them once per
 * 2 KB, in the same order, through the same 4 KB views. The bytes sent do not change
 * (tests/unit/react-dom-text-batching.test.ts renders the same trees through both and compares
 * them). The transactions page costs 0.5–0.75× the CPU it did (ADR 025).
 *
 * Every edit names the exact source text it replaces. A React release that changes any of it
 * fails the build here instead of shipping a half-patched renderer; then check whether the new
 * release still needs this at all.
 */
import type { Plugin } from "vite";

const EDITS: ReadonlyArray<readonly [before: string, after: string]> = [
  // Strings wait in `pendingText`; anything already bytes first flushes them, so order is kept.
  [
    "function writeChunk(destination, chunk) {\n  if (0 === chunk.byteLength) {",
    `var pendingText = "";
function utf8Length(text) {
  for (var bytes = text.length, i = 0; i < text.length; i++) {
    var code = text.charCodeAt(i);
    // Each half of a surrogate pair counts 2 (4 for the pair); other code units past 0x7f count 2 or 3.
    127 < code && (bytes += 2047 < code && (55296 > code || 57343 < code) ? 2 : 1);
  }
  return bytes;
}
function flushText(destination) {
  if (pendingText) {
    var bytes = textEncoder.encode(pendingText);
    pendingText = "";
    writeBytes(destination, bytes);
  }
}
function writeChunk(destination, chunk) {
  if ("string" === typeof chunk) {
    pendingText += chunk;
    2048 < pendingText.length && flushText(destination);
    return;
  }
  flushText(destination);
  writeBytes(destination, chunk);
}
function writeBytes(destination, chunk) {
  if (0 === chunk.byteLength) {`,
  ],
  // Every flush ends here: nothing may stay behind for the next one.
  ["function completeWriting(destination) {\n", "function completeWriting(destination) {\n  flushText(destination);\n"],
  // A flush starts on a fresh view; it starts with nothing pending either, even if the last one threw.
  ["function flushCompletedQueues(request, destination) {\n  currentView = new Uint8Array(4096);", "function flushCompletedQueues(request, destination) {\n  pendingText = \"\";\n  currentView = new Uint8Array(4096);"],
  ["function stringToChunk(content) {\n  return textEncoder.encode(content);\n}", "function stringToChunk(content) {\n  return content;\n}"],
  ["function stringToPrecomputedChunk(content) {\n  return textEncoder.encode(content);\n}", "function stringToPrecomputedChunk(content) {\n  return content;\n}"],
  // Sizes steer when React outlines a Suspense boundary, so a string counts its UTF-8 bytes.
  // A string's length is a lower bound of its UTF-8 bytes. The shell's size (no boundary) is only
  // ever compared as "more than progressiveChunkSize", so once the lower bound is past that, the
  // exact count cannot change a decision and the page's text is not counted twice.
  [
    "for (var segmentByteSize = 0, i = 0; i < segment.length; i++)\n      segmentByteSize += segment[i].byteLength;",
    `for (var segmentByteSize = 0, exact = !0, i = 0; i < segment.length; i++)
      segmentByteSize += "string" === typeof segment[i] ? ((exact = !1), segment[i].length) : segment[i].byteLength;
    if (!exact && !(null === boundary && request.byteSize + segmentByteSize > request.progressiveChunkSize))
      for (segmentByteSize = 0, i = 0; i < segment.length; i++)
        segmentByteSize += "string" === typeof segment[i] ? utf8Length(segment[i]) : segment[i].byteLength;`,
  ],
];

export const REACT_DOM_EDGE_PRODUCTION = /react-dom[\\/]cjs[\\/]react-dom-server\.edge\.production\.js$/;

/** The renderer's source with its output batched; throws when the source is not the one expected. */
export function batchReactDomTextWrites(source: string): string {
  let out = source;
  for (const [before, after] of EDITS) {
    const at = out.indexOf(before);
    if (at === -1 || out.indexOf(before, at + 1) !== -1) {
      throw new Error(`react-dom-text-batching: this react-dom differs from the one the edit was written for (missing or repeated: ${JSON.stringify(before.slice(0, 60))}). See scripts/vite/react-dom-text-batching.ts.`);
    }
    out = out.slice(0, at) + after + out.slice(at + before.length);
  }
  return out;
}

export function reactDomTextBatching(): Plugin {
  return {
    name: "tesoro:react-dom-text-batching",
    transform(code, id) {
      if (!REACT_DOM_EDGE_PRODUCTION.test(id.split("?")[0] ?? "")) return null;
      return { code: batchReactDomTextWrites(code), map: null };
    },
  };
}
