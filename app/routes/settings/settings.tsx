import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { Field, FormAlert, NewPasswordFields, PageTitle, WithEmail } from "../../ui/ui";
import { guard } from "../../server/guards.server";
import { defaultTimeZone } from "../../../core/i18n/config";
import { localeCookie, redirectInLanguage } from "../../i18n/i18n.server";
import { apiFor } from "../../server/api.server";
import { unwrap } from "../../server/ledger.server";
import type { ApiResult } from "../../utils/api-client";
import { formatInstant, isValidTimeZone, supportedTimeZones } from "../../../core/dates";
import { focusAfterNavigation, useFocusAfterNavigation } from "../../forms/focus-after-save";
import { formErrorOf, intentOf, formOfIntent, keepFormThroughOutage, type OutageFailure } from "../../forms/form-outage";
import { firstInvalid, parseForm, useClientValidation, type FieldErrors } from "../../forms/forms";
import { readFormData, refusal, tOf } from "../../server/route-helpers.server";
import { changePasswordSchema } from "../../../core/schemas/auth";
import { changeEmailSchema, deleteAccountSchema, preferencesFormSchema, profileSchema } from "../../../core/schemas/settings";
import { TEXT_LIMITS } from "../../../core/input-limits";
import type { ApiUser } from "../../../core/api-types/user";
import type { Category } from "../../../core/api-types/ledger";
import { ID_PATTERN } from "../../../core/ids";
import { categoryCreateSchema, categoryUpdateSchema } from "../../../core/schemas/ledger";
import { SettingsCategories } from "./categories";
import { describeUserAgent } from "../../utils/user-agent";
import { destroySession, requireUser } from "../../server/session.server";
import * as s from "../../styles/settings.css";
import * as ui from "../../styles/ui.css";
import { flashHeader } from "../../server/toast.server";
import { settingsTexts } from "../../../core/i18n/page-texts";
import { addPageTexts } from "../../../core/i18n/translate";

// This page's texts come with its code, not on the first visit (ADR 033).
addPageTexts(settingsTexts);

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

interface SessionItem {
  id: string;
  current: boolean;
  remember: boolean;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  userAgent: string | null;
  ip: string | null;
}

/** Every IANA zone the runtime knows (Lima where it lists none), the user's own first if it is somehow missing. */
function timeZones(current: string): string[] {
  const listed = supportedTimeZones();
  const zones = listed.length ? listed : [defaultTimeZone];
  return zones.includes(current) ? zones : [current, ...zones];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireUser(context);
  // A refused session (revoked elsewhere) signs in again; 5xx is the 503 page.
  const api = apiFor(request, context);
  // These forms start from the profile: one from the session memory (ADR 023), up to 15 s behind
  // a change made on another device, is read again; one the session check just read is not.
  const [userResult, sessionsResult, emailResult, categoriesResult] = await Promise.all([
    session.remembered ? api.get<{ user: ApiUser }>("/users/me") : null,
    api.get<{ sessions: SessionItem[] }>("/auth/sessions"),
    api.get<{ pending: { email: string; expiresAt: number; taken: boolean } | null }>("/users/me/email"),
    api.get<{ categories: Category[] }>("/categories"),
  ]);
  const user = userResult ? unwrap(userResult, request).user : session.user;
  // This device first, then the others by last activity (the API's order).
  const sessions = unwrap(sessionsResult, request)
    .sessions.map((session) => ({ ...session, device: describeUserAgent(session.userAgent) }))
    .sort((a, b) => Number(b.current) - Number(a.current));
  // A change of email waiting for the link mailed to the new address (ADR 032).
  const pendingEmail = unwrap(emailResult, request).pending;
  const categories = unwrap(categoriesResult, request).categories;
  return { user, sessions, pendingEmail, categories, timeZones: timeZones(user.timeZone), now: Date.now() };
}

const INTENTS = ["name", "email", "preferences", "password", "revoke", "revoke-others", "delete", "category-add", "category-edit", "category-delete"] as const;
type Intent = (typeof INTENTS)[number];

/** `values`: what was typed or chosen (never a password), shown again without JavaScript after a refusal. */
type Echoed = "name" | "email" | "timeZone" | "locale" | "theme" | "kind" | "color";
/** `categoryId`: the category whose form was sent (one edit form per category). */
type ActionData = { intent: Intent; errors: FieldErrors; formError: string | null; values?: Partial<Record<Echoed, string>>; categoryId?: string };
/** What the action answered to one of the Categories section's forms. */
export type CategoryAnswer = ActionData & { intent: Extract<Intent, `category-${string}`> };
const isCategoryIntent = (intent: string | undefined): intent is CategoryAnswer["intent"] => Boolean(intent?.startsWith("category-")) && INTENTS.includes(intent as Intent);

/**
 * The answer for the Categories section: the action's refusal, or an outage met with JavaScript
 * (lib/form-outage.ts), tied to the form that was sent by the category id it echoes, so the
 * message shows beside that form and an open edit keeps what was typed.
 */
function categoryAnswerOf(answer: ActionData | OutageFailure | undefined, t: (key: string) => string): CategoryAnswer | undefined {
  if (!answer) return undefined;
  if (!("outage" in answer)) return isCategoryIntent(answer.intent) ? (answer as CategoryAnswer) : undefined;
  if (!isCategoryIntent(answer.form)) return undefined;
  const { categoryId, name, kind, color } = answer.values;
  return { intent: answer.form, errors: {}, formError: formErrorOf(answer, t), values: { name, kind, color }, ...(categoryId && ID_PATTERN.test(categoryId) ? { categoryId } : {}) };
}

function echoed(formData: FormData): ActionData["values"] {
  const pick = (key: string) => {
    const value = formData.get(key);
    return typeof value === "string" ? value.slice(0, 320) : undefined;
  };
  return { name: pick("name"), email: pick("email"), timeZone: pick("timeZone"), locale: pick("locale"), theme: pick("theme"), kind: pick("kind"), color: pick("color") };
}

function failure(intent: Intent, result: Extract<ApiResult<unknown>, { ok: false }>, t: (key: string) => string, formData: FormData) {
  return data<ActionData>({ intent, ...refusal(result, t), values: echoed(formData), ...categoryOf(formData) }, { status: result.status });
}

/** The category a form names, when it is a well-formed id (it is echoed to tie a refusal to its row). */
function categoryOf(formData: FormData): { categoryId?: string } {
  const id = formData.get("categoryId");
  return typeof id === "string" && ID_PATTERN.test(id) ? { categoryId: id } : {};
}

/**
 * A form reset to its defaults once its save went through (the answer was the redirect, not a
 * refusal); a refusal keeps what was typed. The page stays, and with it the fields: a form that
 * holds passwords is emptied (a second press sent the old password again, which was refused and
 * counted toward the sign-in lockout), and the name form shows the name as saved (trimmed, spaces
 * joined), read again by the loader, rather than as typed.
 */
function useResetWhenSaved(intent: Intent, answered: string | undefined) {
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const sending = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle" && navigation.formData?.get("intent") === intent) sending.current = true;
    else if (navigation.state === "idle" && sending.current) {
      sending.current = false;
      if (answered !== intent) form.current?.reset();
    }
  }, [navigation.state, navigation.formData, answered, intent]);
  return form;
}

async function done(key: string, headers: Headers = new Headers(), to = "/settings", respond: typeof redirect = redirect) {
  headers.append("Set-Cookie", await flashHeader({ type: "success", key }));
  return respond(to, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context);
  const formData = await readFormData(request);
  const t = tOf(context);
  const sent = formData.get("intent");
  if (!INTENTS.includes(sent as Intent)) throw new Response("Unknown intent", { status: 400 });
  const intent = sent as Intent;
  const api = apiFor(request, context);
  const key = crypto.randomUUID();
  const invalid = (i: Intent, errors: FieldErrors) => data<ActionData>({ intent: i, errors, formError: null, values: echoed(formData), ...categoryOf(formData) }, { status: 422 });

  switch (intent) {
    case "name": {
      const parsed = parseForm(profileSchema, formData, t);
      if (!parsed.ok) return invalid("name", parsed.errors);
      const result = await api.patch("/users/me", { body: parsed.data, idempotencyKey: key });
      return result.ok ? done("settings.saved.name") : failure("name", result, t, formData);
    }
    case "email": {
      const parsed = parseForm(changeEmailSchema, formData, t);
      if (!parsed.ok) return invalid("email", parsed.errors);
      const result = await api.post("/users/me/email", { body: parsed.data, idempotencyKey: key });
      // 202: a link went to the new address, which changes nothing until it is opened.
      return result.ok ? done(result.status === 202 ? "settings.saved.emailPending" : "settings.saved.email") : failure("email", result, t, formData);
    }
    case "preferences": {
      const parsed = parseForm(preferencesFormSchema, formData, t);
      if (!parsed.ok) return invalid("preferences", parsed.errors);
      // Only what was changed on this form: a copy drawn before another tab or device saved a new
      // theme or time zone would otherwise put the old one back (session 21 QA). The form says
      // what it was drawn from (`was.*`); a field without it is sent as it is.
      const changes = Object.fromEntries(Object.entries(parsed.data).filter(([name, value]) => formData.get(`was.${name}`) !== value));
      const result = Object.keys(changes).length ? await api.patch<{ user: ApiUser }>("/users/me", { body: changes, idempotencyKey: key }) : null;
      if (result && !result.ok) return failure("preferences", result, t, formData);
      // The page language follows the cookie: keep it in step with the account.
      const headers = new Headers();
      if (changes.locale) headers.append("Set-Cookie", await localeCookie.serialize(changes.locale));
      return done("settings.saved.preferences", headers, "/settings", redirectInLanguage(context, parsed.data.locale));
    }
    case "password": {
      const parsed = parseForm(changePasswordSchema, formData, t);
      if (!parsed.ok) return invalid("password", parsed.errors);
      const result = await api.post("/auth/password", { body: parsed.data, idempotencyKey: key });
      return result.ok ? done("settings.saved.password") : failure("password", result, t, formData);
    }
    case "revoke": {
      const id = String(formData.get("sessionId") ?? "");
      const result = await api.delete(`/auth/sessions/${encodeURIComponent(id)}`, { idempotencyKey: key });
      // Already gone (another tab, expired) is what the user wanted anyway.
      return result.ok || result.status === 404 || result.status === 422 ? done("settings.saved.revoked") : failure("revoke", result, t, formData);
    }
    case "revoke-others": {
      const result = await api.post("/auth/sessions/revoke-others", { idempotencyKey: key });
      return result.ok ? done("settings.saved.revokedOthers") : failure("revoke-others", result, t, formData);
    }
    case "category-add": {
      const parsed = parseForm(categoryCreateSchema, formData, t);
      if (!parsed.ok) return invalid("category-add", parsed.errors);
      const result = await api.post("/categories", { body: parsed.data, idempotencyKey: key });
      return result.ok ? done("settings.saved.categoryAdded", undefined, "/settings#categories") : failure("category-add", result, t, formData);
    }
    case "category-edit":
    case "category-delete": {
      const id = categoryOf(formData).categoryId;
      if (!id) throw new Response("Unknown category", { status: 400 });
      let result: ApiResult<unknown>;
      if (intent === "category-edit") {
        const parsed = parseForm(categoryUpdateSchema, formData, t);
        if (!parsed.ok) return invalid(intent, parsed.errors);
        result = await api.patch(`/categories/${id}`, { body: parsed.data, idempotencyKey: key });
      } else result = await api.delete(`/categories/${id}`, { idempotencyKey: key });
      // Deleted already (another tab) is what a delete wanted; an edit says so.
      if (!result.ok && result.status === 404 && intent === "category-delete") return done("settings.saved.categoryDeleted", undefined, "/settings#categories");
      if (!result.ok && result.status === 404) return data<ActionData>({ intent, errors: {}, formError: t("settings.categories.gone"), categoryId: id }, { status: 404 });
      return result.ok ? done(intent === "category-edit" ? "settings.saved.categorySaved" : "settings.saved.categoryDeleted", undefined, "/settings#categories") : failure(intent, result, t, formData);
    }
    case "delete": {
      const parsed = parseForm(deleteAccountSchema, formData, t);
      if (!parsed.ok) return invalid("delete", parsed.errors);
      const result = await api.delete("/users/me", { body: parsed.data, idempotencyKey: key });
      if (!result.ok) return failure("delete", result, t, formData);
      const headers = new Headers();
      headers.append("Set-Cookie", await destroySession(request));
      return done("settings.saved.deleted", headers, "/login");
    }
  }
}

/** With JavaScript, an outage keeps the form and what was typed (lib/form-outage.ts). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, formOfIntent);
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { user, sessions } = loaderData;
  const busy = (intent: Intent) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const answered = intentOf(actionData);
  const serverErrors = (intent: Intent) => (answered === intent ? actionData?.errors : undefined);
  const typed = (intent: Intent, field: Echoed) => (answered === intent ? actionData?.values?.[field] : undefined);
  const formError = (intent: Intent) => <FormAlert message={answered === intent ? formErrorOf(actionData, t) : null} />;
  // Without JavaScript a refusal is a new page that starts at its top: its first refused field takes focus.
  const refused = (intent: Intent, order: readonly string[]) => firstInvalid(serverErrors(intent), order);
  const emailRefused = refused("email", ["email", "password"]);
  const passwordRefused = refused("password", ["currentPassword", "password", "confirmPassword"]);
  const deleteRefused = refused("delete", ["password", "confirm"]);

  const nameForm = useClientValidation(profileSchema, t, serverErrors("name"));
  const emailForm = useClientValidation(changeEmailSchema, t, serverErrors("email"));
  const prefsForm = useClientValidation(preferencesFormSchema, t, serverErrors("preferences"));
  const passwordForm = useClientValidation(changePasswordSchema, t, serverErrors("password"));
  const nameFormRef = useResetWhenSaved("name", answered);
  const emailFormRef = useResetWhenSaved("email", answered);
  const passwordFormRef = useResetWhenSaved("password", answered);
  const categoryAddRef = useResetWhenSaved("category-add", answered);
  // Made once per answer: a new object on every render would count as a new refusal (focus, client errors).
  const categoryAnswer = useMemo(() => categoryAnswerOf(actionData, t), [actionData, t]);
  const deleteForm = useClientValidation(deleteAccountSchema, t, serverErrors("delete"));

  const zoneNow = isValidTimeZone(user.timeZone) ? formatInstant(loaderData.now, i18n.language, user.timeZone) : "";
  const deviceName = (device: { browser: string | null; os: string | null }) =>
    device.browser && device.os ? t("settings.security.device", { browser: device.browser, os: device.os }) : (device.browser ?? device.os ?? t("settings.security.unknownDevice"));
  const others = sessions.filter((session) => !session.current);
  useFocusAfterNavigation();

  return (
    <div className={s.page}>
      <PageTitle title={t("titles.settings")} />
      <div>
        <h1 className={ui.pageHeading}>{t("titles.settings")}</h1>
        <p className={ui.muted} style={{ margin: 0 }}>
          {t("settings.intro")}
        </p>
      </div>
      <nav aria-label={t("settings.sectionsNav")}>
        <ul className={s.sectionNav}>
          {(["profile", "preferences", "categories", "security", "data"] as const).map((id) => (
            <li key={id}>
              <a className={s.sectionNavLink} href={`#${id}`}>
                {t(id === "data" ? "settings.data.title" : `settings.${id}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <section id="profile" aria-labelledby="profile-title" className={`${ui.card} ${s.section}`}>
        <h2 id="profile-title" className={s.sectionTitle}>
          {t("settings.profile.title")}
        </h2>
        <Form ref={nameFormRef} method="post" className={ui.stack} noValidate onSubmit={nameForm.onSubmit}>
          <input type="hidden" name="intent" value="name" />
          {formError("name")}
          <Field label={t("settings.profile.name")} name="name" id="settings-name" autoComplete="name" required maxLength={TEXT_LIMITS.userName} defaultValue={typed("name", "name") ?? user.name} error={nameForm.errors.name} autoFocus={refused("name", ["name"]) === "name"} />
          <div>
            <button type="submit" className={ui.button.primary} disabled={busy("name")}>
              {t("settings.profile.saveName")}
            </button>
          </div>
        </Form>
        <hr className={s.divider} />
        <Form ref={emailFormRef} method="post" className={ui.stack} noValidate onSubmit={emailForm.onSubmit} aria-labelledby="settings-email-title">
          <input type="hidden" name="intent" value="email" />
          <h3 id="settings-email-title" className={s.subTitle}>
            {t("settings.profile.email")}
          </h3>
          <p className={s.small} data-testid="current-email">
            <WithEmail text={t("settings.profile.currentEmail", { email: user.email })} email={user.email} />
          </p>
          {loaderData.pendingEmail ? (
            <p className={loaderData.pendingEmail.taken ? ui.alert.warning : ui.alert.info} data-testid="pending-email">
              <WithEmail
                text={
                  loaderData.pendingEmail.taken
                    ? t("settings.profile.pendingEmailTaken", { email: loaderData.pendingEmail.email })
                    : t("settings.profile.pendingEmail", { email: loaderData.pendingEmail.email, until: formatInstant(loaderData.pendingEmail.expiresAt, i18n.language, user.timeZone) })
                }
                email={loaderData.pendingEmail.email}
              />
            </p>
          ) : null}
          {formError("email")}
          <Field label={t("settings.profile.newEmail")} name="email" id="settings-email" type="email" autoComplete="email" required defaultValue={typed("email", "email")} error={emailForm.errors.email} autoFocus={emailRefused === "email"} />
          <Field
            label={t("settings.profile.emailPassword")}
            name="password"
            id="settings-email-password"
            type="password"
            autoComplete="current-password"
            required
            hint={t("settings.profile.emailPasswordHint")}
            error={emailForm.errors.password}
            autoFocus={emailRefused === "password"}
          />
          <div>
            <button type="submit" className={ui.button.primary} disabled={busy("email")}>
              {t("settings.profile.saveEmail")}
            </button>
          </div>
        </Form>
      </section>

      <section id="preferences" aria-labelledby="preferences-title" className={`${ui.card} ${s.section}`}>
        <h2 id="preferences-title" className={s.sectionTitle}>
          {t("settings.preferences.title")}
        </h2>
        <p className={s.small}>{t("settings.preferences.appliesEverywhere")}</p>
        {/* Sent like the other forms, so an outage keeps it (ADR 024); a new language loads the next page whole (redirectInLanguage). */}
        <Form method="post" className={ui.stack} noValidate onSubmit={prefsForm.onSubmit} aria-label={t("settings.preferences.title")}>
          <input type="hidden" name="intent" value="preferences" />
          {/* What this form was drawn from: only fields changed from it are saved. */}
          <input type="hidden" name="was.locale" value={user.locale} />
          <input type="hidden" name="was.timeZone" value={user.timeZone} />
          <input type="hidden" name="was.theme" value={user.theme} />
          {formError("preferences")}
          <div className={ui.field}>
            <label className={ui.label} htmlFor="settings-locale">
              {t("settings.preferences.language")}
            </label>
            <select id="settings-locale" name="locale" className={s.select} defaultValue={typed("preferences", "locale") ?? user.locale}>
              <option value="en" lang="en">
                English
              </option>
              <option value="es" lang="es">
                Español
              </option>
            </select>
          </div>
          <Field
            // Saved, the field shows the zone's own spelling ("america/lima" becomes "America/Lima").
            key={user.timeZone}
            label={t("settings.preferences.timeZone")}
            name="timeZone"
            id="settings-time-zone"
            list="settings-time-zones"
            autoComplete="off"
            spellCheck={false}
            required
            defaultValue={typed("preferences", "timeZone") ?? user.timeZone}
            hint={`${t("settings.preferences.timeZoneHint")} ${zoneNow ? t("settings.preferences.timeZoneNow", { zone: user.timeZone, time: zoneNow }) : ""}`}
            error={prefsForm.errors.timeZone}
            autoFocus={refused("preferences", ["locale", "timeZone"]) === "timeZone"}
          />
          <datalist id="settings-time-zones">
            {loaderData.timeZones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <fieldset className={s.fieldset}>
            <legend className={ui.label}>{t("settings.preferences.theme")}</legend>
            <div className={s.radios}>
              {(["system", "light", "dark"] as const).map((theme) => (
                <label key={theme} className={s.radio}>
                  <input type="radio" name="theme" value={theme} defaultChecked={(typed("preferences", "theme") ?? user.theme) === theme} />
                  {t(`settings.preferences.themes.${theme}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <button type="submit" className={ui.button.primary}>
              {t("settings.preferences.save")}
            </button>
          </div>
        </Form>
      </section>

      <SettingsCategories categories={loaderData.categories} answer={categoryAnswer} busy={busy} addFormRef={categoryAddRef} />

      <section id="security" aria-labelledby="security-title" className={`${ui.card} ${s.section}`}>
        <h2 id="security-title" className={s.sectionTitle}>
          {t("settings.security.title")}
        </h2>
        <Form ref={passwordFormRef} method="post" className={ui.stack} noValidate onSubmit={passwordForm.onSubmit} aria-label={t("settings.security.changePassword")}>
          <input type="hidden" name="intent" value="password" />
          <h3 className={s.subTitle}>{t("settings.security.changePassword")}</h3>
          {formError("password")}
          {/* Lets password managers match the form to the account. */}
          <input type="hidden" name="username" autoComplete="username" value={user.email} />
          <Field label={t("settings.security.currentPassword")} name="currentPassword" id="settings-current-password" type="password" autoComplete="current-password" required error={passwordForm.errors.currentPassword} autoFocus={passwordRefused === "currentPassword"} />
          <NewPasswordFields
            label={t("settings.security.newPassword")}
            confirmLabel={t("settings.security.confirmPassword")}
            hint={t("settings.security.passwordHint")}
            errors={passwordForm.errors}
            ids={{ password: "settings-new-password", confirmPassword: "settings-confirm-password" }}
            autoFocus={passwordRefused}
          />
          <div>
            <button type="submit" className={ui.button.primary} disabled={busy("password")}>
              {t("settings.security.changePassword")}
            </button>
          </div>
        </Form>
        <hr className={s.divider} />
        {/* Where focus goes once a device is signed out: its button is gone with it. */}
        <h3 className={s.subTitle} id="sessions-title" tabIndex={-1}>
          {t("settings.security.sessions")}
        </h3>
        <p className={s.small}>{t("settings.security.sessionsIntro")}</p>
        {formError("revoke")}
        {formError("revoke-others")}
        <ul className={s.sessionList} aria-label={t("settings.security.sessions")}>
          {sessions.map((session) => {
            const name = deviceName(session.device);
            return (
              <li key={session.id} className={s.sessionItem} data-testid="session" data-current={session.current ? "true" : undefined}>
                <div className={s.sessionMeta}>
                  <span className={s.sessionDevice}>
                    {name}
                    {session.current ? <span className={s.badge}>{t("settings.security.thisDevice")}</span> : null}
                  </span>
                  <p className={s.small}>
                    {session.ip ? t("settings.security.ip", { ip: session.ip }) : t("settings.security.ipUnknown")}
                    {" · "}
                    {t("settings.security.lastSeen", { time: formatInstant(session.lastSeenAt, i18n.language, user.timeZone) })}
                  </p>
                  <p className={s.small}>
                    {t("settings.security.signedInAt", { time: formatInstant(session.createdAt, i18n.language, user.timeZone) })}
                    {session.remember ? ` · ${t("settings.security.remembered")}` : null}
                  </p>
                </div>
                {session.current ? null : (
                  <Form method="post" onSubmit={() => focusAfterNavigation("#sessions-title")}>
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="sessionId" value={session.id} />
                    {/* Two sessions of one browser differ by when they were last used: the name says it. */}
                    <button type="submit" className={ui.button.ghost} aria-label={t("settings.security.revokeLabel", { device: name, time: formatInstant(session.lastSeenAt, i18n.language, user.timeZone) })}>
                      {t("settings.security.revoke")}
                    </button>
                  </Form>
                )}
              </li>
            );
          })}
        </ul>
        {others.length ? (
          <Form method="post" onSubmit={() => focusAfterNavigation("#sessions-title")}>
            <input type="hidden" name="intent" value="revoke-others" />
            <button type="submit" className={ui.button.ghost} disabled={busy("revoke-others")}>
              {t("settings.security.revokeOthers")}
            </button>
          </Form>
        ) : (
          <p className={s.small}>{t("settings.security.noOthers")}</p>
        )}
      </section>

      <section id="data" aria-labelledby="data-title" className={`${ui.card} ${s.section}`}>
        <h2 id="data-title" className={s.sectionTitle}>
          {t("settings.data.title")}
        </h2>
        <p style={{ margin: 0 }}>{t("settings.data.exportIntro")}</p>
        <div className={ui.row}>
          {/* No `download` attribute: the file comes as an attachment, and a session that has ended
              must lead to the sign-in page, not to a saved copy of it (login.html). */}
          <a className={ui.button.ghost} href="/resources/export?format=json">
            {t("settings.data.exportJson")}
          </a>
          <a className={ui.button.ghost} href="/resources/export?format=zip">
            {t("settings.data.exportZip")}
          </a>
        </div>
        <hr className={s.divider} />
        <Form
          method="post"
          className={ui.stack}
          noValidate
          aria-label={t("settings.data.deleteTitle")}
          onSubmit={(event) => {
            deleteForm.onSubmit(event);
            if (!event.defaultPrevented && !window.confirm(t("settings.data.deleteAreYouSure"))) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <h3 className={s.subTitle}>{t("settings.data.deleteTitle")}</h3>
          <p role="note" className={ui.alert.warning}>
            {t("settings.data.deleteIntro")}
          </p>
          {formError("delete")}
          <input type="hidden" name="username" autoComplete="username" value={user.email} />
          <Field label={t("settings.data.deletePassword")} name="password" id="settings-delete-password" type="password" autoComplete="current-password" required error={deleteForm.errors.password} autoFocus={deleteRefused === "password"} />
          <div className={ui.field}>
            <label className={ui.checkboxRow}>
              <input type="checkbox" name="confirm" autoFocus={deleteRefused === "confirm"} aria-invalid={deleteForm.errors.confirm ? true : undefined} aria-describedby={deleteForm.errors.confirm ? "settings-confirm-error" : undefined} />
              {t("settings.data.deleteConfirm")}
            </label>
            {deleteForm.errors.confirm ? (
              <p id="settings-confirm-error" className={ui.fieldError}>
                {deleteForm.errors.confirm}
              </p>
            ) : null}
          </div>
          <div>
            <button type="submit" className={`${ui.button.primary} ${s.danger}`} disabled={busy("delete")}>
              {t("settings.data.deleteButton")}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
