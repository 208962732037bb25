import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The house's boundaries (docs/architecture.md, ADR 040). Each zone names files (`target`) that
 * must not import from others (`from`); import-x resolves every specifier first, so a relative
 * path that climbs out of its folder is caught as surely as an alias.
 */
const boundaries = [
  { target: "./core", from: ["./app", "./workers", "./tests", "./scripts"], message: "core/ is shared by both Workers: it imports neither side." },
  { target: "./workers/api", from: ["./app"], message: "The API never imports the web app: shared code lives in core/." },
  { target: "./app", from: ["./workers/api"], message: "The web app reaches the API over HTTP (app/server/api.server.ts), never by import." },
  { target: ["./app/ui", "./app/forms", "./app/utils", "./app/browser", "./app/server", "./app/i18n", "./app/layouts", "./app/styles"], from: ["./app/routes"], message: "Routes import the shared layers, never the other way round." },
  { target: ["./app/ui", "./app/forms", "./app/utils", "./app/browser", "./app/styles"], from: ["./app/server"], message: "Server-only code (app/server) is imported by routes and root only." },
  { target: ["./app/server", "./app/utils", "./app/forms", "./app/ui"], from: ["./app/browser"], message: "Browser-only code (app/browser) is imported by routes and components that run in the browser." },
];

export default tseslint.config(
  { ignores: ["build/**", "dist/**", ".react-router/**", ".wrangler/**", "node_modules/**", "worker-configuration.d.ts", "test-results/**", "playwright-report/**", "bench/baseline/build/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-syntax": ["error", { selector: "CallExpression[callee.property.name='only']", message: "No focused tests." }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "core/**/*.ts", "workers/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      // import-x's TypeScript settings (its flatConfigs.typescript): without them it parses no .ts
      // file it follows, and no-cycle sees no circle.
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: boundaries }],
      // A circle of imports hides which module is the foundation; none is allowed.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // No page loads zod until a form is used (ADRs 074, 078): browser modules take fixed values
    // from zod-free modules (core/ledger-values.ts, core/input-limits.ts, …) and import a schema
    // with `import()` when needed. Left out: server modules; a page's `*-form-schemas.ts`, itself
    // imported with `import()`; quick add's form, loaded lazily by the header. A route module whose
    // loader or action alone reads a schema (React Router drops those, and what only they import,
    // from the browser's build) says so on that import, with a disable comment and its reason.
    // validation-issues.ts reads zod's types only; zod-jitless.ts is
    // zod's setting, no zod. tests/e2e/first-load.spec.ts checks what the pages load.
    files: ["app/routes/**/*.{ts,tsx}", "app/forms/**/*.{ts,tsx}", "app/ui/**/*.{ts,tsx}", "app/layouts/**/*.{ts,tsx}", "app/root.tsx"],
    ignores: [
      "**/*.server.ts",
      "**/*-form-schemas.ts",
      "app/forms/quick-add/quick-add-form.tsx",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/core/schemas/*", "!**/core/schemas/validation-issues", "!**/core/schemas/zod-jitless", "zod", "**/*-form-schemas"],
              allowTypeImports: true,
              message: "A static import brings zod into the page's first load: use a zod-free module (core/ledger-values.ts, core/input-limits.ts, …), or import() the schema when the form is used (ADRs 074, 078).",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures call `use(...)` and destructure `{}`: not React hooks, not a mistake.
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
