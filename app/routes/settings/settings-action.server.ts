import { data, redirect, type RouterContextProvider } from "react-router";
import { localeCookie, redirectInLanguage } from "../../i18n/i18n.server";
import { apiFor } from "../../server/api.server";
import { refusal, tOf } from "../../server/route-helpers.server";
import { destroySession } from "../../server/session.server";
import { flashHeader } from "../../server/toast.server";
import { categoryOf, type ActionData, type IntentArgs } from "./intents";

function echoed(formData: FormData): ActionData["values"] {
  const pick = (key: string) => {
    const value = formData.get(key);
    return typeof value === "string" ? value.slice(0, 320) : undefined;
  };
  return { name: pick("name"), email: pick("email"), timeZone: pick("timeZone"), locale: pick("locale"), theme: pick("theme"), kind: pick("kind"), color: pick("color") };
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
    key: crypto.randomUUID(),
    invalid: (intent, errors) => data<ActionData>({ intent, errors, formError: null, values: echoed(formData), ...categoryOf(formData) }, { status: 422 }),
    failure: (intent, result) => data<ActionData>({ intent, ...refusal(result, t), values: echoed(formData), ...categoryOf(formData) }, { status: result.status }),
    done,
    localeCookie: (locale) => localeCookie.serialize(locale),
    redirectInLanguage: (locale) => redirectInLanguage(context, locale),
    destroySession: () => destroySession(request),
  };
}
