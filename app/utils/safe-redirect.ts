/**
 * A redirect target the app will follow: a local path only. Protocol-relative (`//evil.com`),
 * backslash tricks (`/\evil.com`), dot segments that resolve to either (`/.//evil.com`), absolute
 * URLs and control characters all fall back.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(target)) return fallback;
  try {
    const url = new URL(target, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return fallback;
    // Dot segments are resolved by the parse: "/.//evil.com" comes out as "//evil.com", which a
    // browser reads as another host. So the result is checked again, not only the input.
    if (url.pathname.startsWith("//") || url.pathname.startsWith("/\\")) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
