/**
 * zod probes `new Function("")` once, when the first object schema is built, to decide whether to
 * compile validators. Under our CSP (no 'unsafe-eval') the browser refuses it and reports a CSP
 * violation, even though zod catches the error. `jitless` skips the probe. zod keeps its settings
 * on this global object, so setting it here, before any schema module runs, costs no zod bytes.
 * Imported first by app/root.tsx, whose dependencies the browser evaluates before any other route
 * module. Found by tests/e2e/proof-pages.spec.ts (zero CSP violations on every page).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
