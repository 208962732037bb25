import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router 8: middleware is always on; v7 `future` flags are errors, so none are set.
} satisfies Config;
