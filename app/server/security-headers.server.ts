/**
 * Security headers for every response of the app Worker. The CSP nonce is made per request and
 * handed to <Scripts>, so no script runs without it ('strict-dynamic' lets those load chunks).
 * Styles allow 'unsafe-inline' because react-hot-toast and Radix set inline style attributes
 * (docs/decisions/005-security-headers.md).
 */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string, options: { dev: boolean }): string {
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets WebAssembly compile (the QR reader on /camera); it allows no JS eval.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'wasm-unsafe-eval'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function applySecurityHeaders(headers: Headers, nonce: string, options: { dev: boolean }): void {
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, options));
  headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  headers.set("X-Frame-Options", "DENY");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  // The camera is allowed for our own origin on every page: a client-side navigation to /camera
  // keeps the first page's policy. Nothing but /camera asks for it.
  headers.set("Permissions-Policy", "camera=(self), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  // Pages and their data show the user's money, and each carries its own nonce and form keys:
  // no browser cache or proxy keeps them (QA, session 24: none was sent). A response that names
  // its own policy (a receipt image, an export) keeps it.
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
}
