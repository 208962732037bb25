import type { i18n as I18nextInstance } from "i18next";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { I18nextProvider } from "react-i18next";
import { nonceContext } from "./server/context.server";
import { getI18n } from "./i18n/i18n.server";
import type { I18n } from "../core/i18n/translate";
import { describeError, errorTitle } from "./utils/error-page";

export const streamTimeout = 5_000;

/**
 * Crawlers get the status and a line of text for errors, not the rendered error page (the seed),
 * titled as the page is (`errorTitle`), in the request's language.
 */
function crawlerErrorResponse(status: number, headers: Headers, error: unknown, i18n: I18n): Response {
  const title = errorTitle(describeError(error), i18n.t);
  headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(`${status} ${title}`, { status, headers });
}

/**
 * React Router's default logging, less one case: a POST to a page that takes none (a bot, a
 * probe) is answered 405 and is the client's mistake, not a fault worth an error line.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (!isRouteErrorResponse(error)) return console.error(error);
  if (error.status === 405) return;
  // An internal error response carries the error that made it (React Router's own type omits it).
  console.error((error as { error?: unknown }).error ?? error);
};

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  const userAgent = request.headers.get("User-Agent");
  const bot = isbot(userAgent);
  // The request language's instance (English if root's middleware did not run).
  const i18n = getI18n(loadContext);
  // Every answer, page or crawler's line, is in the request's language.
  responseHeaders.set("Content-Language", i18n.language);
  responseHeaders.append("Vary", "Cookie, Accept-Language");
  // Only the error page is withheld from crawlers; a form re-rendered with a 4xx is a normal page.
  const errors = routerContext.staticHandlerContext.errors;
  if (bot && errors && responseStatusCode >= 400) return crawlerErrorResponse(responseStatusCode, responseHeaders, Object.values(errors)[0], i18n);

  const nonce = loadContext.get(nonceContext);
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <I18nextProvider i18n={i18n as unknown as I18nextInstance}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </I18nextProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1_000),
      onError(error: unknown) {
        status = 500;
        if (!request.signal.aborted) console.error(error);
      },
    },
  );
  // Crawlers and no-JS clients get the whole document at once.
  if (bot || routerContext.isSpaMode) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}
