import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig, type Plugin } from "vite";
import { buildId } from "./scripts/build-id.mjs";
import { reactDomTextBatching } from "./scripts/vite/react-dom-text-batching";

/**
 * vanilla-extract marks its own packages as `ssr.external`; the Cloudflare plugin refuses any
 * non-builtin external in a Worker environment (vanilla-extract#1603, workers-sdk#10287).
 * Dropping them from the list lets Vite bundle them, which is what a Worker needs anyway.
 */
function bundleVanillaExtractInWorkers(): Plugin {
  return {
    name: "tesoro:bundle-vanilla-extract-in-workers",
    enforce: "post",
    config(config) {
      const external = config.ssr?.external;
      if (Array.isArray(external)) {
        config.ssr!.external = external.filter((name) => !name.startsWith("@vanilla-extract/"));
      }
    },
  };
}

export default defineConfig({
  define: {
    // One id for the client, the app Worker and the API Worker of a build: the new-build check compares them.
    __BUILD_ID__: JSON.stringify(buildId()),
  },
  server: { port: Number(process.env.PORT ?? 5173) },
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      persistState: { path: ".wrangler/state" },
      auxiliaryWorkers: [{ configPath: "./workers/api/wrangler.toml" }],
    }),
    vanillaExtractPlugin(),
    reactRouter(),
    bundleVanillaExtractInWorkers(),
    reactDomTextBatching(),
  ],
});
