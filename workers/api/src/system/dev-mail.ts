import type { ApiEnv } from "../platform/env";
import { outboxEnabled } from "../platform/mail";
import { outboxMail } from "./store";

/**
 * Development outbox: newest first, the latest 200, or with `?to=` the latest 200 to that address
 * (as stored, any case). Production never serves it (mail.outboxEnabled).
 */
export async function devMail(env: ApiEnv, url?: URL): Promise<Response> {
  if (!outboxEnabled(env)) return new Response("Not Found", { status: 404 });
  const to = url?.searchParams.get("to") ?? null;
  const { results } = await outboxMail(env.DB, to);
  return Response.json(results, { headers: { "Cache-Control": "no-store" } });
}
