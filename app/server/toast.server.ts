/**
 * A one-time message carried across a redirect ("You have been signed out") in a short-lived
 * cookie; the root loader reads it once and clears it.
 */
import { createCookie, redirect, replace } from "react-router";
import { z } from "zod";

export const flashSchema = z.object({ type: z.enum(["success", "error", "info"]), key: z.string().max(100) });
export type Flash = z.infer<typeof flashSchema>;

const flashCookie = createCookie("tesoro_flash", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export async function flashHeader(flash: Flash): Promise<string> {
  return flashCookie.serialize(flash);
}

/** Post/redirect/get with a toast on the next page (the root loader shows the flash). */
export async function redirectWithToast(to: string, key: string, type: Flash["type"] = "success") {
  return redirect(to, { headers: { "Set-Cookie": await flashHeader({ type, key }) } });
}

/**
 * The same, replacing the page's history entry: a form posted in place (a fetcher) whose answer
 * is the list it was posted from. A redirect pushed that list again, so each save or delete cost
 * the Back button one more press to leave the page (session 21 QA). Without JavaScript the
 * browser follows it as any 302.
 */
export async function replaceWithToast(to: string, key: string, type: Flash["type"] = "success") {
  return replace(to, { headers: { "Set-Cookie": await flashHeader({ type, key }) } });
}

export async function readFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const raw: unknown = await flashCookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { flash: null, clear: null };
  const parsed = flashSchema.safeParse(raw);
  return { flash: parsed.success ? parsed.data : null, clear: await flashCookie.serialize("", { maxAge: 0 }) };
}
