import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { apiFor } from "../../server/api.server";
import { destroySession, readSessionToken } from "../../server/session.server";
import { flashHeader } from "../../server/toast.server";

/** Sign out: end the session at the API, drop the cookie, say so on /login. */
export async function action({ request, context }: Route.ActionArgs) {
  const token = await readSessionToken(request);
  if (token) await apiFor(request, context, { token }).post("/auth/logout");
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request));
  headers.append("Set-Cookie", await flashHeader({ type: "success", key: "auth.signedOut" }));
  throw redirect("/login", { headers });
}

export function loader() {
  throw redirect("/");
}
