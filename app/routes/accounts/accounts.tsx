import { Plus } from "lucide-react";
import { useTranslation } from "../../i18n/use-translation";
import { useActionData, useFetcher, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/accounts";
import { Money } from "../../ui/money";
import { formNameOf, refusedAnswer, reloadsAfterConflict, type FormAnswer } from "../../forms/form-answer";
import { useClosedAfterPost, useFormAnswerAndSaves } from "../../forms/use-form-answer";
import { keepFormThroughOutage } from "../../forms/form-outage";
import { idempotencyKeyOf, newIdempotencyKey } from "../../forms/idempotency-key";
import { PageTitle } from "../../ui/ui";
import { guard } from "../../server/guards.server";
import { getLocale } from "../../i18n/i18n.server";
import { apiFor } from "../../server/api.server";
import { todayInZone } from "../../../core/dates";
import { formValues, parseForm } from "../../forms/forms";
import { ID_PATTERN } from "../../../core/ids";
import type { Account, CurrencyTotal } from "../../../core/api-types/ledger";
import { apiFailure, formId, refusedWithAmounts, returnTo, unwrap } from "../../server/ledger.server";
import { replaceWithToast } from "../../server/toast.server";
import { readFormData, tOf } from "../../server/route-helpers.server";
import { ACCOUNT_TYPES } from "../../../core/ledger-values";
import { accountsPageTexts } from "../../../core/i18n/page-texts/accounts-page";
import { addPageTexts } from "../../../core/i18n/translate";
import { useFocusAfterNavigation } from "../../forms/focus-after-save";
import { requireUser } from "../../server/session.server";
import { AccountForm, loadCreateForm, loadUpdateForm, openingBalanceChecks } from "./account-form";
import { AccountGroup } from "./account-group";
import { owedQuestionFor, withOpeningAnswer, type OwedQuestion } from "./opening-owed";
import { currencyOptions } from "./currency-options.server";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

// The page's own texts come with its code (ADR 072).
addPageTexts(accountsPageTexts);

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireUser(context);
  const api = apiFor(request, context);
  const url = new URL(request.url);
  const { accounts, totals } = unwrap(await api.get<{ accounts: Account[]; totals: CurrencyTotal[] }>("/accounts"), request);
  const editId = url.searchParams.get("edit");
  // The account being edited, with its number and CCI in full so the form can show and keep them.
  let editing: Account | null = null;
  if (editId && ID_PATTERN.test(editId) && accounts.some((a) => a.id === editId)) {
    const result = await api.get<{ account: Account }>(`/accounts/${editId}`, { query: { reveal: "true" } });
    editing = unwrap(result, request).account;
  }
  return {
    accounts,
    totals,
    editing,
    openNew: url.searchParams.has("new") || accounts.length === 0,
    today: todayInZone(user.timeZone),
    nonce: newIdempotencyKey(),
    currencies: currencyOptions(getLocale(context), accounts),
  };
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return reloadsAfterConflict(args) || args.defaultShouldRevalidate;
}

const formOfSubmission = formNameOf("accountId", ["update", "archive"], { unarchive: "archive" });

/** With JavaScript, an outage keeps the form and what was typed (lib/form-outage.ts). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormThroughOutage(request, serverAction, formOfSubmission);
}

export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context);
  const formData = await readFormData(request);
  const t = tOf(context);
  const intent = String(formData.get("intent") ?? "");
  const values = formValues(formData);
  const api = apiFor(request, context);
  const idempotencyKey = idempotencyKeyOf(formData);
  const back = returnTo(formData, "/accounts");
  switch (intent) {
    case "create": {
      // A card's or a loan's balance typed without a sign: owed, or in the user's favour? (ADR 089)
      const answered = withOpeningAnswer(values);
      if (answered.openingBalance !== undefined) formData.set("openingBalance", answered.openingBalance);
      const parsed = parseForm(await loadCreateForm(), formData, t, openingBalanceChecks());
      if (!parsed.ok) return refusedAnswer("create", parsed.errors, values);
      const owedQuestion = owedQuestionFor(values, t);
      if (owedQuestion) return refusedAnswer<OwedQuestion>("create", {}, values, null, 409, { owedQuestion });
      const result = await api.post<{ account: Account }>("/accounts", { body: parsed.data, idempotencyKey });
      if (!result.ok) return apiFailure("create", result, values, t);
      return replaceWithToast("/accounts", "ledger.pages.toast.accountCreated");
    }
    case "update": {
      const id = formId(formData, "accountId");
      const parsed = parseForm(await loadUpdateForm(), formData, t);
      if (!parsed.ok) return refusedAnswer(`update:${id}`, await refusedWithAmounts(api, parsed.errors, values, t, (currencyOf) => ({ openingBalance: values.currency || currencyOf(id) })), values);
      const result = await api.patch<{ account: Account }>(`/accounts/${id}`, { body: parsed.data, idempotencyKey });
      if (!result.ok) return apiFailure(`update:${id}`, result, values, t);
      return replaceWithToast("/accounts", "ledger.pages.toast.accountUpdated");
    }
    case "archive":
    case "unarchive": {
      const id = formId(formData, "accountId");
      const result = await api.patch<{ account: Account }>(`/accounts/${id}`, { body: { archived: intent === "archive" }, idempotencyKey });
      if (!result.ok) return apiFailure(`archive:${id}`, result, values, t);
      return replaceWithToast(back, intent === "archive" ? "ledger.pages.toast.accountArchived" : "ledger.pages.toast.accountUnarchived");
    }
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}

export default function Accounts({ loaderData }: Route.ComponentProps) {
  useFocusAfterNavigation();
  const { t } = useTranslation();
  const { accounts, totals, editing, openNew, today, nonce, currencies } = loaderData;
  const actionData = useActionData<typeof action>();
  const createFetcher = useFetcher<typeof action>({ key: "account-create" });
  const [createResult, created] = useFormAnswerAndSaves<FormAnswer>("create", createFetcher, actionData);
  const newDetails = useClosedAfterPost(created, Boolean(createResult) || openNew);

  const active = accounts.filter((a) => !a.archived);
  const groups = ACCOUNT_TYPES.map((type) => ({ type, accounts: active.filter((a) => a.type === type) })).filter((g) => g.accounts.length > 0);
  const archived = accounts.filter((a) => a.archived);

  return (
    <div className={l.page}>
      <PageTitle title={t("titles.accounts")} />
      <h1 className={ui.pageHeading}>{t("titles.accounts")}</h1>

      <details ref={newDetails} className={l.details} open={openNew || Boolean(createResult)} data-testid="new-account">
        <summary className={l.summary}>
          <Plus size={18} aria-hidden="true" />
          {t("accountsPage.new")}
        </summary>
        <div className={l.detailsBody}>
          <AccountForm key={created} mode="create" fetcher={createFetcher} result={createResult} nonce={nonce} today={today} currencies={currencies} />
        </div>
      </details>

      {totals.length > 0 ? (
        <section aria-labelledby="totals-title" className={`${ui.card} ${ui.stack}`}>
          <h2 id="totals-title" className={l.sectionTitle}>
            {t("accountsPage.totals")}
          </h2>
          <ul className={l.grid} style={{ listStyle: "none", margin: 0, padding: 0 }} data-testid="account-totals">
            {totals.map((total) => (
              <li key={total.currency} className={l.stat}>
                <span className={l.statLabel}>{total.currency}</span>
                <Money minor={total.balanceMinor} currency={total.currency} figure />
              </li>
            ))}
          </ul>
          <p className={l.small} style={{ margin: 0 }}>
            {t("accountsPage.totalsHint")}
          </p>
        </section>
      ) : null}

      {accounts.length === 0 ? <p className={l.empty}>{t("accountsPage.empty")}</p> : null}

      {groups.map((group) => (
        <AccountGroup key={group.type} id={`group-${group.type}`} title={t(`ledger.accountTypes.${group.type}`)} accounts={group.accounts} editing={editing} nonce={nonce} today={today} currencies={currencies} showTotals />
      ))}
      {archived.length > 0 ? (
        <AccountGroup id="group-archived" title={t("accountsPage.archivedGroup")} accounts={archived} editing={editing} nonce={nonce} today={today} currencies={currencies} showTotals={false} />
      ) : null}
    </div>
  );
}
