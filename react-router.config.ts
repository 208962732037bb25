import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Splitting lets a clientLoader or HydrateFallback load apart from its route; Tesoro has none,
  // and its clientActions (ADR 024) were split into files every first visit preloaded anyway:
  // /login 152.7 KB in 19 files split, 151.7 KB in 17 not (npm run bench:bundle).
  splitRouteModules: false,
  // React Router 8: middleware is always on; v7 `future` flags are errors, so none are set.
} satisfies Config;
