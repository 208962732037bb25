import { redirect, type RouterContextProvider } from "react-router";
import { refusedAnswer } from "../../forms/form-answer";
import { idempotencyKeyOf } from "../../forms/idempotency-key";
import { localeCookie, redirectInLanguage } from "../../i18n/i18n.server";
import { apiFor } from "../../server/api.server";
import { refusal, tOf } from "../../server/route-helpers.server";
import { destroySession } from "../../server/session.server";
import { flashHeader } from "../../server/toast.server";
import { settingsFormOf, type Echoed, type IntentArgs } from "./intents";

const ECHOED: readonly Echoed[] = ["name", "email", "timeZone", "locale", "theme", "kind", "color"];

function echoed(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of ECHOED) {
    const value = formData.get(key);
    if (typeof value === "string") values[key] = value.slice(0, 320);
  }
  return values;
}

async function done(key: string, headers: Headers = new Headers(), to = "/settings", respond: typeof redirect = redirect) {
  headers.append("Set-Cookie", await flashHeader({ type: "success", key }));
  return respond(to, { headers });
}

/** The tools one intent's handler is given for this post (see IntentArgs). */
export function intentArgs(request: Request, context: Readonly<RouterContextProvider>, formData: FormData): IntentArgs {
  const t = tOf(context);
  return {
    formData,
    t,
    api: apiFor(request, context),
    key: idempotencyKeyOf(formData),
    // Named by the post itself (settingsFormOf), as an outage met in the browser is: the
    // handler's `intent` is the one posted, since the action dispatches by it.
    invalid: (_intent, errors) => refusedAnswer(settingsFormOf(formData), errors, echoed(formData)),
    failure: (_intent, result) => {
      const { errors, formError } = refusal(result, t);
      return refusedAnswer(settingsFormOf(formData), errors, echoed(formData), formError, result.status);
    },
    done,
    localeCookie: (locale) => localeCookie.serialize(locale),
    redirectInLanguage: (locale) => redirectInLanguage(context, locale),
    destroySession: () => destroySession(request),
  };
}
