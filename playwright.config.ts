import { defineConfig, devices } from "@playwright/test";
import { localOrigin } from "./scripts/lib/local-origin.mjs";

const port = Number(process.env.E2E_PORT ?? 8788);
/** Also the origin of the links the API mails during the run (scripts/e2e-server.mjs). */
export const baseURL = localOrigin(port);

/** Debian's Chromium (Playwright cannot download its own here); CHROMIUM_PATH overrides. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: true,
  forbidOnly: true,
  // One retry on CI to tell a flaky test from a broken one; the report names flaky tests.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunch,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunch } }],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { E2E_PORT: String(port), TESORO_STATE_DIR: `.wrangler/e2e-state-${port}` },
    stdout: "ignore",
    stderr: "pipe",
  },
});
