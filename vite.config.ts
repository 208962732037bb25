import { cloudflare, type WorkerConfig } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig, type Plugin } from "vite";
import { buildId } from "./scripts/build-id.mjs";
import { localOrigin, localPort } from "./scripts/lib/local-origin.mjs";
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

const DEV_PORT = Number(process.env.PORT ?? 5173);

/**
 * APP_ORIGIN of the API Worker (the origin of mailed links). A deploy (`CLOUDFLARE_ENV` names a
 * `[env.*]`) takes it from that environment's vars and must have one. A local build or dev
 * server gets the local origin of its port: Vite's own for `npm run dev`, `PORT` (else 8787) for
 * a build, which scripts/serve.mjs then sets again to the port it serves on (ADR 029).
 */
function apiOrigin(command: "build" | "serve") {
  return (config: WorkerConfig) => {
    if (process.env.CLOUDFLARE_ENV) {
      if (!config.vars?.APP_ORIGIN) throw new Error(`APP_ORIGIN is missing from [env.${process.env.CLOUDFLARE_ENV}] vars in workers/api/wrangler.toml`);
      return undefined;
    }
    return { vars: { APP_ORIGIN: localOrigin(command === "serve" ? DEV_PORT : localPort()) } };
  };
}

export default defineConfig(({ command }) => ({
  define: {
    // One id for the client, the app Worker and the API Worker of a build: the new-build check compares them.
    __BUILD_ID__: JSON.stringify(buildId()),
  },
  // Strict: the API was told this port's origin, so Vite must not move to the next free one.
  server: { port: DEV_PORT, strictPort: true },
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      persistState: { path: ".wrangler/state" },
      auxiliaryWorkers: [{ configPath: "./workers/api/wrangler.toml", config: apiOrigin(command) }],
    }),
    vanillaExtractPlugin(),
    reactRouter(),
    bundleVanillaExtractInWorkers(),
    reactDomTextBatching(),
  ],
}));
