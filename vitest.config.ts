import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

/**
 * Two projects: `unit` runs pure modules in Node; `api` runs the API Worker inside workerd with a
 * real (local) D1, migrations applied, storage isolated per test file.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./workers/api/migrations");
  return {
    define: { __BUILD_ID__: JSON.stringify("test-build") },
    test: {
      projects: [
        {
          extends: true,
          test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
        },
        {
          extends: true,
          plugins: [
            cloudflareTest({
              main: "./workers/api/index.ts",
              wrangler: { configPath: "./workers/api/wrangler.toml" },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  // The origin the tests call the API at (tests/api/helpers.ts), as a local serve would set it.
                  APP_ORIGIN: "https://tesoro.test",
                  // Cheaper scrypt for speed; production parameters have their own test.
                  SCRYPT_PARAMS: "N=1024,r=8,p=1",
                },
              },
            }),
          ],
          test: { name: "api", include: ["tests/api/**/*.test.ts"], setupFiles: ["./tests/api/setup.ts"], testTimeout: 30_000 },
        },
      ],
    },
  };
});
