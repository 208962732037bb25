import { Archive, ArchiveRestore, Pencil, Plus } from "lucide-react";
import { useTranslation } from "../../i18n/use-translation";
import { Link, useActionData, useFetcher, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/accounts";
import { FormKey, Money, reloadsAfterConflict, SelectField, useClosedAfterPost, useFailureToast, useFormResult, useFormResultAndSaves, type FormResult } from "../../forms/form-kit";
import { Field, FormAlert, PageTitle } from "../../ui/ui";
import { guard } from "../../server/guards.server";
import { getLocale } from "../../i18n/i18n.server";
import { amountChecks } from "../../forms/amount-checks";
import { apiFor } from "../../server/api.server";
import { todayInZone } from "../../../core/dates";
import { formErrorOf, keepFormThroughOutage, ledgerFormOf } from "../../forms/form-outage";
import { formValues, parseForm, useClientValidation } from "../../forms/forms";
import { ID_PATTERN } from "../../../core/ids";
import type { Account, CurrencyTotal } from "../../../core/api-types/ledger";
import { apiFailure, formId, formFailure, idempotencyKeyOf, refusedWithAmounts, returnTo, unwrap } from "../../server/ledger.server";
import { replaceWithToast } from "../../server/toast.server";
import { currencyOptionLabel, signIsCode, sumMinor, toEditableDecimalString } from "../../../core/money";
import { readFormData, tOf } from "../../server/route-helpers.server";
import { accountCreateSchema, accountUpdateSchema, ACCOUNT_TYPES, currencyPickerList } from "../../../core/schemas/ledger";
import { TEXT_LIMITS } from "../../../core/input-limits";
import { useFocusAfterNavigation, useFocusAfterSave } from "../../forms/focus-after-save";
import { useEscapeCloses } from "../../ui/use-escape-closes";
import { requireUser } from "../../server/session.server";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

/** An empty opening balance or date means "the default" (0, today), not "invalid". */
const dropEmpty = (value: unknown) => {
  if (!value || typeof value !== "object") return value;
  const out = { ...(value as Record<string, unknown>) };
  for (const key of ["openingBalance", "openingDate"]) if (out[key] === "") delete out[key];
  return out;
};
const createForm = z.preprocess(dropEmpty, accountCreateSchema);
const updateForm = z.preprocess(dropEmpty, accountUpdateSchema);
/** The opening balance in the currency chosen (a locked currency is not sent: the account's). */
const openingBalanceChecks = (currency?: string) => amountChecks((values) => ({ openingBalance: values.currency || currency }));

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
    nonce: crypto.randomUUID(),
    currencies: currencyOptions(getLocale(context), accounts),
  };
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return reloadsAfterConflict(args) || args.defaultShouldRevalidate;
}

const formOfSubmission = ledgerFormOf("accountId", ["update", "archive"], { unarchive: "archive" });

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
      const parsed = parseForm(createForm, formData, t, openingBalanceChecks());
      if (!parsed.ok) return formFailure("create", parsed.errors, values);
      const result = await api.post<{ account: Account }>("/accounts", { body: parsed.data, idempotencyKey });
      if (!result.ok) return apiFailure("create", result, values, t);
      return replaceWithToast("/accounts", "ledger.pages.toast.accountCreated");
    }
    case "update": {
      const id = formId(formData, "accountId");
      const parsed = parseForm(updateForm, formData, t);
      if (!parsed.ok) return formFailure(`update:${id}`, await refusedWithAmounts(api, parsed.errors, values, t, (currencyOf) => ({ openingBalance: values.currency || currencyOf(id) })), values);
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

type Totals = Array<{ currency: string; minor: number }>;

/** A currency in the picker: its code, and its name in the page's language. */
/** `held`: not offered for a new account (retired, ADR 007), listed because an account holds it. */
type CurrencyOption = { code: string; label: string; held?: true };

const CURRENCY_OPTIONS = new Map<string, CurrencyOption[]>();
/**
 * The picker's options, named on the server in the page's language (the browser's own names could
 * differ and break hydration); the same for every request, so made once per language. Then the
 * currencies no longer offered that the user's accounts hold (HRK), named here too.
 */
function currencyOptions(locale: string, accounts: Account[]): CurrencyOption[] {
  let options = CURRENCY_OPTIONS.get(locale);
  if (!options) {
    options = currencyPickerList().map((code) => ({ code, label: currencyOptionLabel(code, locale) }));
    CURRENCY_OPTIONS.set(locale, options);
  }
  const offered = options;
  const held = [...new Set(accounts.map((account) => account.currency))].filter((code) => !offered.some((option) => option.code === code));
  return held.length ? [...options, ...held.map((code) => ({ code, label: currencyOptionLabel(code, locale), held: true as const }))] : options;
}

/** The picker's choices: the offered currencies, and an account's own when it is one no longer offered, so its form keeps it. */
function currencyChoices(currencies: CurrencyOption[], own: string | undefined) {
  return currencies.filter((option) => !option.held || option.code === own).map(({ code, label }) => ({ value: code, label }));
}

function totalsOf(accounts: Account[]): Totals {
  const by = new Map<string, number[]>();
  for (const account of accounts) by.set(account.currency, [...(by.get(account.currency) ?? []), account.balanceMinor]);
  return [...by.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, values]) => ({ currency, minor: sumMinor(values) }));
}

export default function Accounts({ loaderData }: Route.ComponentProps) {
  useFocusAfterNavigation();
  const { t } = useTranslation();
  const { accounts, totals, editing, openNew, today, nonce, currencies } = loaderData;
  const actionData = useActionData<typeof action>();
  const createFetcher = useFetcher<typeof action>({ key: "account-create" });
  const [createResult, created] = useFormResultAndSaves<FormResult>("create", createFetcher, actionData);
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
          {t("ledger.pages.accounts.new")}
        </summary>
        <div className={l.detailsBody}>
          <AccountForm key={created} mode="create" fetcher={createFetcher} result={createResult} nonce={nonce} today={today} currencies={currencies} />
        </div>
      </details>

      {totals.length > 0 ? (
        <section aria-labelledby="totals-title" className={`${ui.card} ${ui.stack}`}>
          <h2 id="totals-title" className={l.sectionTitle}>
            {t("ledger.pages.accounts.totals")}
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
            {t("ledger.pages.accounts.totalsHint")}
          </p>
        </section>
      ) : null}

      {accounts.length === 0 ? <p className={l.empty}>{t("ledger.pages.accounts.empty")}</p> : null}

      {groups.map((group) => (
        <AccountGroup key={group.type} id={`group-${group.type}`} title={t(`ledger.accountTypes.${group.type}`)} accounts={group.accounts} editing={editing} nonce={nonce} today={today} currencies={currencies} showTotals />
      ))}
      {archived.length > 0 ? (
        <AccountGroup id="group-archived" title={t("ledger.pages.accounts.archivedGroup")} accounts={archived} editing={editing} nonce={nonce} today={today} currencies={currencies} showTotals={false} />
      ) : null}
    </div>
  );
}

function AccountGroup(props: { id: string; title: string; accounts: Account[]; editing: Account | null; nonce: string; today: string; currencies: CurrencyOption[]; showTotals: boolean }) {
  const { t } = useTranslation();
  const totals = totalsOf(props.accounts);
  return (
    <section aria-labelledby={props.id} className={l.group} data-testid={props.id}>
      <div className={l.headingRow}>
        <h2 id={props.id} className={l.sectionTitle}>
          {props.title}
        </h2>
        {props.showTotals ? (
          <p className={l.totalsBar} style={{ margin: 0 }} aria-label={t("ledger.pages.accounts.groupTotal", { type: props.title })}>
            {totals.map((total) => (
              <span key={total.currency}>
                {/* The code names a sign shared or unclear ("S/", "$"); where the sign is the code ("CLP 5,000") it would say it twice. */}
                {signIsCode(total.currency) ? null : (
                  <>
                    <span className={l.small}>{total.currency}</span>{" "}
                  </>
                )}
                <Money minor={total.minor} currency={total.currency} />
              </span>
            ))}
          </p>
        ) : null}
      </div>
      <ul className={l.cardGrid}>
        {props.accounts.map((account) => (
          <AccountCard key={account.id} account={account} editing={props.editing?.id === account.id ? props.editing : null} nonce={props.nonce} today={props.today} currencies={props.currencies} />
        ))}
      </ul>
    </section>
  );
}

function AccountCard({ account, editing, nonce, today, currencies }: { account: Account; editing: Account | null; nonce: string; today: string; currencies: CurrencyOption[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const actionData = useActionData<typeof action>();
  const archiveFetcher = useFetcher<typeof action>({ key: `account-archive-${account.id}` });
  const editFetcher = useFetcher<typeof action>({ key: `account-edit-${account.id}` });
  const editResult = useFormResult<FormResult>(`update:${account.id}`, editFetcher, actionData);
  const archiveResult = useFormResult<FormResult>(`archive:${account.id}`, archiveFetcher, actionData);
  useFailureToast(archiveResult, t);
  // Optimistic: the card shows its new state while the archive request runs.
  const pendingIntent = archiveFetcher.state !== "idle" ? archiveFetcher.formData?.get("intent") : null;
  const archived = pendingIntent ? pendingIntent === "archive" : account.archived;
  const isEditing = Boolean(editing) || Boolean(editResult);
  const headingId = `account-${account.id}`;

  return (
    <li className={`${ui.card} ${l.accountCard}${pendingIntent ? ` ${l.rowBusy}` : ""}`} data-testid="account-card" aria-busy={pendingIntent ? true : undefined}>
      <div className={l.accountHead}>
        <h3 id={headingId} className={l.accountName}>
          {account.name}
        </h3>
        {archived ? <span className={l.badge}>{t("ledger.pages.accounts.archivedBadge")}</span> : null}
      </div>
      <p className={l.small} style={{ margin: 0 }}>
        {t(`ledger.accountTypes.${account.type}`)} · {account.currency}
        {account.institution ? ` · ${account.institution}` : ""}
        {account.number ? (
          <>
            {" · "}
            <MaskedNumber masked={account.number} shown={account.number} ending={(digits) => t("ledger.pages.accounts.numberEnding", { digits })} />
          </>
        ) : null}
        {/* Masked, as the number is: enough to tell which code to share, in full in the edit form. */}
        {account.cci ? (
          <>
            {" · "}
            <MaskedNumber masked={account.cci} shown={t("ledger.pages.accounts.cciOnCard", { cci: account.cci })} ending={(digits) => t("ledger.pages.accounts.cciEnding", { digits })} />
          </>
        ) : null}
      </p>
      <div>
        <span className={l.statLabel}>{t("ledger.pages.accounts.balance")}</span>
        <div>
          <Money minor={account.balanceMinor} currency={account.currency} figure />
        </div>
        <span className={l.small}>{t("ledger.pages.accounts.count", { count: account.transactionCount })}</span>
      </div>
      <div className={l.actions}>
        <Link to={`/accounts/${account.id}/transactions`} aria-label={t("ledger.pages.accounts.transactionsOf", { name: account.name })}>
          {t("ledger.pages.accounts.transactions")}
        </Link>
        <Link to={`/accounts?edit=${account.id}#${headingId}`} preventScrollReset className={ui.button.ghost} data-edit-of={account.id} aria-label={t("ledger.pages.accounts.editTitle", { name: account.name })}>
          <Pencil size={16} aria-hidden="true" />
          {t("ledger.pages.common.edit")}
        </Link>
        <archiveFetcher.Form method="post" action="/accounts" preventScrollReset>
          <FormKey nonce={nonce} form={`archive.${account.id}`} />
          <input type="hidden" name="accountId" value={account.id} />
          <input type="hidden" name="returnTo" value={location.pathname + location.search} />
          {/* One id for Archive and Restore: focus follows the card to its new group (root's focus keeper). */}
          <button id={`archive-toggle-${account.id}`} type="submit" name="intent" value={archived ? "unarchive" : "archive"} className={ui.button.ghost} disabled={Boolean(pendingIntent)}>
            {archived ? <ArchiveRestore size={16} aria-hidden="true" /> : <Archive size={16} aria-hidden="true" />}
            {archived ? t("ledger.pages.accounts.unarchive") : t("ledger.pages.accounts.archive")}
            <span className="visually-hidden"> {account.name}</span>
          </button>
        </archiveFetcher.Form>
      </div>
      {isEditing ? (
        <div className={ui.stack} style={{ borderTop: "1px solid var(--color-border)", paddingTop: 16 }}>
          <h4 style={{ margin: 0 }}>{t("ledger.pages.accounts.editTitle", { name: account.name })}</h4>
          {/* Not keyed by the page's nonce: archiving another account must not undo what is typed here. */}
          <AccountForm mode="update" account={editing ?? account} fetcher={editFetcher} result={editResult} nonce={nonce} today={today} currencies={currencies} />
        </div>
      ) : null}
    </li>
  );
}

type AccountFetcher = ReturnType<typeof useFetcher<typeof action>>;

/**
 * A number as the API masks it (`•••• 1234`): four bullets are read aloud one by one, so a screen
 * reader hears `ending(digits)` ("ending in 1234") instead, or what is shown when no digit is left.
 */
function MaskedNumber({ masked, shown, ending }: { masked: string; shown: string; ending: (digits: string) => string }) {
  const digits = masked.replace(/\D/g, "");
  return (
    <span className={l.nowrap}>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{digits ? ending(digits) : shown}</span>
    </span>
  );
}

/** The ids of the accounts the page shows (their Edit controls). */
const listedAccountIds = () => [...document.querySelectorAll<HTMLElement>("[data-edit-of]")].map((element) => element.dataset.editOf);

/** For a create: once the new account is drawn, focus goes to its Edit control. */
function focusOnNewAccount() {
  const before = new Set(listedAccountIds());
  return () => {
    const added = listedAccountIds().find((id) => !before.has(id));
    if (added) document.querySelector<HTMLElement>(`[data-edit-of="${added}"]`)?.focus();
  };
}

function AccountForm({ mode, account, fetcher, result, nonce, today, currencies }: { mode: "create" | "update"; account?: Account; fetcher: AccountFetcher; result: FormResult | undefined; nonce: string; today: string; currencies: CurrencyOption[] }) {
  const { t } = useTranslation();
  const { errors, onSubmit } = useClientValidation(mode === "create" ? createForm : updateForm, t, result?.errors, openingBalanceChecks(account?.currency));
  useFailureToast(result, t);
  const values = result?.values ?? {};
  const prefix = mode === "create" ? "new" : `edit-${account!.id}`;
  const busy = fetcher.state !== "idle";
  const locked = mode === "update" && (account?.transactionCount ?? 0) > 0;
  const v = (name: string, fallback: string) => values[name] ?? fallback;
  const opener = `[data-edit-of="${account?.id}"]`;
  // Closing forgets the form's last answer too: a refusal kept it open (`isEditing`), also after Cancel.
  const onKeyDown = useEscapeCloses("/accounts", opener, { busy, onClose: () => fetcher.reset() });
  // Saved: back to the account's Edit control; a new account's own Edit control (its card is
  // somewhere in its group), else the summary that opens this form again.
  const focusWhenSaved = useFocusAfterSave(mode === "update" ? opener : '[data-testid="new-account"] > summary', result, mode === "create" ? focusOnNewAccount : undefined);
  return (
    <fetcher.Form
      method="post"
      action="/accounts"
      noValidate
      onSubmit={focusWhenSaved(onSubmit)}
      onKeyDown={mode === "update" ? onKeyDown : undefined} className={ui.stack} preventScrollReset aria-label={mode === "create" ? t("ledger.pages.accounts.new") : t("ledger.pages.accounts.editTitle", { name: account!.name })}>
      <FormKey nonce={nonce} form={mode === "create" ? "account-create" : `account-update.${account!.id}`} />
      <input type="hidden" name="intent" value={mode} />
      {account ? <input type="hidden" name="accountId" value={account.id} /> : null}
      {account ? <input type="hidden" name="updatedAt" value={account.updatedAt} /> : null}
      <FormAlert message={formErrorOf(result, t)} />
      <div className={l.formGrid}>
        <Field id={`${prefix}-name`} label={t("ledger.fields.name")} name="name" required maxLength={TEXT_LIMITS.accountName} defaultValue={v("name", account?.name ?? "")} error={errors.name} autoComplete="off" />
        <SelectField
          id={`${prefix}-type`}
          label={t("ledger.fields.type")}
          name="type"
          defaultValue={v("type", account?.type ?? "checking")}
          error={errors.type}
          options={ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`ledger.accountTypes.${type}`) }))}
        />
        <SelectField
          id={`${prefix}-currency`}
          label={t("ledger.fields.currency")}
          name="currency"
          defaultValue={v("currency", account?.currency ?? "PEN")}
          error={errors.currency}
          disabled={locked}
          hint={locked ? t("ledger.pages.accounts.currencyLockedHint") : undefined}
          options={currencyChoices(currencies, account?.currency)}
        />
        <Field id={`${prefix}-institution`} label={`${t("ledger.fields.institution")} (${t("ledger.pages.common.optional")})`} name="institution" maxLength={TEXT_LIMITS.institution} defaultValue={v("institution", account?.institution ?? "")} error={errors.institution} />
        <Field id={`${prefix}-number`} label={`${t("ledger.fields.number")} (${t("ledger.pages.common.optional")})`} name="number" inputMode="numeric" defaultValue={v("number", account?.number ?? "")} error={errors.number} hint={t("ledger.pages.accounts.numberHint")} autoComplete="off" />
        <Field id={`${prefix}-cci`} label={`${t("ledger.fields.cci")} (${t("ledger.pages.common.optional")})`} name="cci" inputMode="numeric" defaultValue={v("cci", account?.cci ?? "")} error={errors.cci} autoComplete="off" />
        {/* Without a fraction of zeros (1500.00 is 1500): a currency without decimals then takes a balance the user left alone. */}
        <Field id={`${prefix}-openingBalance`} label={t("ledger.fields.openingBalance")} name="openingBalance" inputMode="decimal" defaultValue={v("openingBalance", account ? toEditableDecimalString(account.openingBalanceMinor, account.currency) : "0")} error={errors.openingBalance} hint={t("ledger.pages.accounts.openingHint")} />
        <Field id={`${prefix}-openingDate`} label={t("ledger.fields.openingDate")} name="openingDate" type="date" defaultValue={v("openingDate", account?.openingDate ?? today)} error={errors.openingDate} />
      </div>
      <div className={l.actions}>
        <button type="submit" className={ui.button.primary} disabled={busy}>
          {busy ? t("ledger.pages.common.saving") : mode === "create" ? t("ledger.pages.accounts.create") : t("ledger.pages.common.save")}
        </button>
        {mode === "update" ? (
          <Link to="/accounts" preventScrollReset className={ui.button.ghost} onClick={() => fetcher.reset()}>
            {t("ledger.pages.common.cancel")}
          </Link>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
