/** The bare Worker: React Router's request handler and nothing else (compare the repo's workers/app.ts). */
import { createRequestHandler } from "react-router";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default {
  async fetch(request: Request): Promise<Response> {
    return requestHandler(request);
  },
};
