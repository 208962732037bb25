/**
 * The standard reason phrases of the statuses a page can answer with (RFC 9110), each translated as
 * `errors.reason.<status>`: the error page reads which texts to translate here, and the English
 * messages take their text from here.
 */
export const REASON_PHRASES = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Content Too Large",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
} as const;

/** The standard phrase of a status, if it is one of these. */
export function reasonPhrase(status: number): string | undefined {
  return (REASON_PHRASES as Readonly<Record<number, string>>)[status];
}
