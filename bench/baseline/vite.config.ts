import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The API Worker's build goes under build/ (gitignored and outside lint), not the plugin's default dist/.
  environments: { tesoro_bench_baseline_api: { build: { outDir: "build/api" } } },
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" }, auxiliaryWorkers: [{ configPath: "./workers/api/wrangler.toml" }] }), reactRouter()],
});
