/**
 * The floor's app Worker: React Router's request handler and the env in its context, nothing else
 * (compare the repo's workers/app.ts, which adds a nonce, security headers and API forwarding).
 */
import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import { envContext, type FloorEnv } from "../app/context";

const loadBuild = () => import("virtual:react-router/server-build");

/**
 * Made once per isolate from the resolved build, as Tesoro's Worker does: given the loader
 * function instead, React Router re-derives its routes on every request, a cost Tesoro does not
 * pay and a floor must not either.
 */
let builtHandler: Promise<RequestHandler> | undefined;
function requestHandler(request: Request, context: RouterContextProvider): Promise<Response> {
  builtHandler ??= loadBuild().then((build) => createRequestHandler(build, import.meta.env.MODE));
  return builtHandler.then((handler) => handler(request, context));
}

export default {
  async fetch(request, env) {
    const context = new RouterContextProvider();
    context.set(envContext, env);
    return requestHandler(request, context);
  },
} satisfies ExportedHandler<FloorEnv>;
