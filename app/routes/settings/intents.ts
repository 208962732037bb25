/**
 * What the settings page's forms post and what the action answers, shared by the route module
 * (its action dispatches by intent), its sections (each posts its own intents and handles them)
 * and the server half that gives those handlers their tools (settings-action.server.ts).
 */
import type { redirect } from "react-router";
import type { ApiClient, ApiResult } from "../../utils/api-client";
import type { FieldErrors } from "../../forms/forms";
import { formNameOf, type refusedAnswer, type savedAnswer } from "../../forms/form-answer";
import type { Translate } from "../../../core/i18n/translate";
import { ID_PATTERN } from "../../../core/ids";

export const INTENTS = ["name", "email", "preferences", "password", "revoke", "revoke-others", "delete", "category-add", "category-edit", "category-delete", "import-everything", "rate-add", "rate-delete", "reporting-currency"] as const;
export type Intent = (typeof INTENTS)[number];

/** The fields a refusal echoes (`values`): what was typed or chosen (never a password), shown again without JavaScript. */
export type Echoed = "name" | "email" | "timeZone" | "locale" | "theme" | "kind" | "color";

/**
 * The form an answer is for (forms/form-answer.ts): the intent, and for one category's own forms
 * the category too (`category-edit:<id>`), so a refusal shows beside the form that was sent.
 */
export const settingsFormOf = formNameOf("categoryId", ["category-edit", "category-delete"]);

/** The category a form names, when it is a well-formed id (it is echoed to tie a refusal to its row). */
export function categoryOf(formData: FormData): { categoryId?: string } {
  const id = formData.get("categoryId");
  return typeof id === "string" && ID_PATTERN.test(id) ? { categoryId: id } : {};
}

type Refused = ReturnType<typeof refusedAnswer>;

/**
 * What one intent's handler is given. The server-only parts (cookies, the session, the toast)
 * come as functions, made by the route's action (settings-action.server.ts), so the sections
 * that hold the handlers import nothing that must stay out of the browser's bundle.
 */
export interface IntentArgs {
  formData: FormData;
  t: Translate;
  api: ApiClient;
  /** This post's Idempotency-Key (forms/idempotency-key.tsx `idempotencyKeyOf`). */
  key: string;
  /** The form's own checks refused it (422), with what was typed. */
  invalid: (intent: Intent, errors: FieldErrors) => Refused;
  /** The API refused it, with what was typed. */
  failure: (intent: Intent, result: Extract<ApiResult<unknown>, { ok: false }>) => Refused;
  /** Saved: a toast, and on to `to` (the page itself unless said). */
  done: (key: string, headers?: Headers, to?: string, respond?: typeof redirect) => Promise<Response>;
  /** The language cookie's Set-Cookie value for `locale`. */
  localeCookie: (locale: string) => Promise<string>;
  /** A redirect that loads the next page whole when its language is not the page's. */
  redirectInLanguage: (locale: string) => typeof redirect;
  /** Ends this session: its Set-Cookie value. */
  destroySession: () => Promise<string>;
}

/** A form that answers a success with data rather than a redirect (import everything: the counts restored). */
type Saved = ReturnType<typeof savedAnswer<{ restored: Record<string, number> }>>;

export type IntentHandler = (args: IntentArgs) => Promise<Response | Refused | Saved>;
