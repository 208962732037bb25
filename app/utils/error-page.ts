import { isRouteErrorResponse } from "react-router";
import { reasonPhrase } from "../../core/http-reasons";

export interface ErrorPage {
  status: number;
  /** i18n key of the title, or null when the error brings its own status text. */
  titleKey: string | null;
  title: string | null;
  messageKey: string | null;
}

/**
 * What the error page shows, by the seed's rules: "Page Not Found" for 404; otherwise
 * "Internal Server Error" unless the error carries its own status message (HTTP's standard
 * reason phrases translated, any other message as it is); anything that is not
 * a route error response is unhandled and counts as 500, with no internals shown.
 */
export function describeError(error: unknown): ErrorPage {
  if (isRouteErrorResponse(error)) {
    const payload = (error.data ?? {}) as { messageKey?: unknown };
    const messageKey = typeof payload.messageKey === "string" ? payload.messageKey : null;
    if (error.status === 404) return { status: 404, titleKey: "errors.notFoundTitle", title: null, messageKey: messageKey ?? "errors.unmatched" };
    if (error.statusText) {
      // HTTP's own reason phrase is a status message in English; the page says it in the user's language.
      const reason = reasonPhrase(error.status) === error.statusText ? `errors.reason.${error.status}` : null;
      return { status: error.status, titleKey: reason, title: reason ? null : error.statusText, messageKey };
    }
    return { status: error.status, titleKey: "errors.serverErrorTitle", title: null, messageKey: messageKey ?? "errors.generic" };
  }
  return { status: 500, titleKey: "errors.serverErrorTitle", title: null, messageKey: "errors.generic" };
}

/** The title the error page shows, and a crawler's plain-text answer too. */
export function errorTitle(info: ErrorPage, t: (key: string) => string): string {
  return info.title ?? t(info.titleKey ?? "errors.serverErrorTitle");
}
