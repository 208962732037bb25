/**
 * The seed's route guards, named in one registry. A route asks for one by name; a name the
 * registry does not know fails with "Unknown route middleware" when the route module loads.
 */
import { redirect, type MiddlewareFunction } from "react-router";
import { userContext } from "./context.server";
import { signInAddress } from "../utils/page-address";
import { isReadRequest } from "./read-request.server";
import { safeRedirect } from "../utils/safe-redirect";

/** Signed-out visitors go to /login, carrying where they wanted to go. */
const auth: MiddlewareFunction<Response> = ({ request, context }, next) => {
  if (!context.get(userContext)) {
    throw redirect(signInAddress(request));
  }
  return next();
};

/**
 * Signed-in visitors to the sign-in pages go to `/` or to a safe local redirectTo. A form posted
 * from such a page is let through: it was drawn before someone signed in in another tab, and
 * sending it back to the overview put its sender in that other account without a word (session
 * 21 QA). Its sign-in (or sign-up) replaces that session (`signedInRedirect`).
 */
const login: MiddlewareFunction<Response> = ({ request, context }, next) => {
  if (context.get(userContext) && isReadRequest(request)) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  }
  return next();
};

export const guards = { auth, login } as const satisfies Record<string, MiddlewareFunction<Response>>;

export type GuardName = keyof typeof guards;

export function guard(name: string): MiddlewareFunction<Response> {
  if (!Object.hasOwn(guards, name)) throw new Error("Unknown route middleware");
  return guards[name as GuardName];
}
