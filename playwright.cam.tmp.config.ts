import { defineConfig } from "@playwright/test";
import { chromiumLaunch } from "./playwright.config";
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: [["list"]],
  use: { baseURL: "http://localhost:8790", launchOptions: chromiumLaunch, trace: "off", screenshot: "only-on-failure" },
  outputDir: "/tmp/cam-test-results",
});
