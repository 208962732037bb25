/** Replaced at build time by Vite's `define` (vite.config.ts): the id of this build. */
declare const __BUILD_ID__: string;
