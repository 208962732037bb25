import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "./+types/settings";
import { PageTitle } from "../../ui/ui";
import { guard } from "../../server/guards.server";
import { defaultTimeZone } from "../../../core/i18n/config";
import { apiFor } from "../../server/api.server";
import { unwrap } from "../../server/ledger.server";
import { supportedTimeZones } from "../../../core/dates";
import { useFocusAfterNavigation } from "../../forms/focus-after-save";
import { keepFormThroughOutage } from "../../forms/form-outage";
import { readFormData } from "../../server/route-helpers.server";
import type { ApiUser } from "../../../core/api-types/user";
import type { Category } from "../../../core/api-types/ledger";
import { describeUserAgent } from "../../utils/user-agent";
import { requireUser } from "../../server/session.server";
import { INTENTS, settingsFormOf, type Intent, type IntentHandler } from "./intents";
import { intentArgs } from "./settings-action.server";
import { useSettingsAnswer } from "./use-settings-answer";
import { profileAction, ProfileSection } from "./profile";
import { emailAction, type PendingEmail } from "./email";
import { preferencesAction, PreferencesSection } from "./preferences";
import { categoryAddAction, categoryChangeAction, SettingsCategories } from "./categories";
import { passwordAction } from "./password";
import { revokeAction, revokeOthersAction, type SessionItem } from "./sessions";
import { SecuritySection } from "./security";
import { deleteAccountAction } from "./delete-account";
import { DataSection } from "./data";
import { ImportEverythingSection } from "./import-everything";
import { importEverythingAction } from "./import-everything.server";
import { RatesSection } from "./rates-section";
import { rateAddAction, rateDeleteAction, reportingCurrencyAction } from "./rates-actions.server";
import type { RatesAnswer } from "../../../core/api-types/rates";
import { todayInZone } from "../../../core/dates";
import * as s from "../../styles/settings.css";
import * as ui from "../../styles/ui.css";
import { settingsTexts } from "../../../core/i18n/page-texts/settings";
import { addPageTexts } from "../../../core/i18n/translate";

// This page's texts come with its code, not on the first visit (ADR 033).
addPageTexts(settingsTexts);

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

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
  const [userResult, sessionsResult, emailResult, categoriesResult, ratesResult] = await Promise.all([
    session.remembered ? api.get<{ user: ApiUser }>("/users/me") : null,
    api.get<{ sessions: SessionItem[] }>("/auth/sessions"),
    api.get<{ pending: PendingEmail | null }>("/users/me/email"),
    api.get<{ categories: Category[] }>("/categories"),
    api.get<RatesAnswer>("/rates"),
  ]);
  const user = userResult ? unwrap(userResult, request).user : session.user;
  // This device first, then the others by last activity (the API's order).
  const sessions = unwrap(sessionsResult, request)
    .sessions.map((session) => ({ ...session, device: describeUserAgent(session.userAgent) }))
    .sort((a, b) => Number(b.current) - Number(a.current));
  // A change of email waiting for the link mailed to the new address (ADR 032).
  const pendingEmail = unwrap(emailResult, request).pending;
  const categories = unwrap(categoriesResult, request).categories;
  const rates = unwrap(ratesResult, request);
  return { user, sessions, pendingEmail, categories, rates, today: todayInZone(user.timeZone), timeZones: timeZones(user.timeZone), now: Date.now() };
}

/** Each intent's handler sits beside the form that posts it. */
const HANDLERS: Record<Intent, IntentHandler> = {
  name: profileAction,
  email: emailAction,
  preferences: preferencesAction,
  password: passwordAction,
  revoke: revokeAction,
  "revoke-others": revokeOthersAction,
  delete: deleteAccountAction,
  "category-add": categoryAddAction,
  "category-edit": categoryChangeAction("category-edit"),
  "category-delete": categoryChangeAction("category-delete"),
  "import-everything": importEverythingAction,
  "rate-add": rateAddAction,
  "rate-delete": rateDeleteAction,
  "reporting-currency": reportingCurrencyAction,
};

export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context);
  const formData = await readFormData(request);
  const sent = formData.get("intent");
  if (!INTENTS.includes(sent as Intent)) throw new Response("Unknown intent", { status: 400 });
  return HANDLERS[sent as Intent](intentArgs(request, context, formData));
}

/** With JavaScript, an outage keeps the form and what was typed (lib/form-outage.ts). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, settingsFormOf);
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user } = loaderData;
  // A saved answer with data is import everything's alone (its section reads it); the others answer refusals.
  const refusal = actionData?.ok ? undefined : actionData;
  const answer = useSettingsAnswer(refusal, t);
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
          {(["profile", "preferences", "categories", "rates", "security", "data", "importEverything"] as const).map((id) => (
            <li key={id}>
              <a className={s.sectionNavLink} href={`#${id}`}>
                {t(id === "data" ? "settings.data.title" : `settings.${id}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ProfileSection user={user} pendingEmail={loaderData.pendingEmail} answer={answer} />
      <PreferencesSection user={user} timeZones={loaderData.timeZones} now={loaderData.now} answer={answer} />
      <SettingsCategories categories={loaderData.categories} actionData={refusal} settingsAnswer={answer} />
      <RatesSection rates={loaderData.rates} today={loaderData.today} actionData={refusal} settingsAnswer={answer} />
      <SecuritySection email={user.email} timeZone={user.timeZone} sessions={loaderData.sessions} answer={answer} />
      <DataSection email={user.email} answer={answer} />
      <ImportEverythingSection actionData={actionData} />
    </div>
  );
}
