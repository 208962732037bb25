/**
 * The next occurrences of the user's schedules (ADR 058), on the schedules page, an account's
 * transactions page and the overview: "to confirm" ones that are due first, marked in words (not
 * colour alone); each with Post now, Skip, and Edit this one. The forms post to the schedules
 * page's action (`/schedules`), which answers with a redirect back to `returnTo`: without
 * JavaScript a page load, with it a fetcher that reloads the page's data.
 */
import { useFetcher, useSearchParams } from "react-router";
import { formatDay } from "../../../core/dates";
import type { Occurrence } from "../../../core/api-types/schedules";
import { toEditableDecimalString } from "../../../core/money";
import { formErrorOf, type FormAnswer } from "../../forms/form-answer";
import { FormKey } from "../../forms/idempotency-key";
import { useTranslation } from "../../i18n/use-translation";
import { Money } from "../../ui/money";
import { Field, FormAlert } from "../../ui/ui";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

export const SCHEDULES_ACTION = "/schedules";

/** A form's name for one occurrence: its intent, schedule and day. */
export const occurrenceForm = (intent: string, o: Pick<Occurrence, "scheduleId" | "date">) => `${intent}:${o.scheduleId}:${o.date}`;

export function UpcomingList({ occurrences, today, nonce, returnTo, editing, showAccount = true, testId = "upcoming" }: {
  occurrences: Occurrence[];
  today: string;
  nonce: string;
  returnTo: string;
  /** The occurrence whose edit form is open (`?occurrence=<scheduleId>:<date>`, so it opens without JavaScript). */
  editing?: string | null;
  showAccount?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  editing ??= searchParams.get("occurrence");
  if (!occurrences.length) return <p className={l.small} data-testid={`${testId}-empty`}>{t("schedules.upcoming.empty")}</p>;
  return (
    <ul className={l.list} data-testid={testId}>
      {occurrences.map((o) => (
        <OccurrenceRow key={`${o.scheduleId}:${o.date}`} o={o} today={today} nonce={nonce} returnTo={returnTo} open={editing === `${o.scheduleId}:${o.date}`} showAccount={showAccount} />
      ))}
    </ul>
  );
}

function OccurrenceRow({ o, today, nonce, returnTo, open, showAccount }: { o: Occurrence; today: string; nonce: string; returnTo: string; open: boolean; showAccount: boolean }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<FormAnswer>();
  const busy = fetcher.state !== "idle";
  const waiting = o.due && o.mode === "confirm";
  const answer = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const editHref = `${returnTo}${returnTo.includes("?") ? "&" : "?"}occurrence=${o.scheduleId}:${o.date}`;
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="scheduleId" value={o.scheduleId} />
      <input type="hidden" name="date" value={o.date} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <FormKey nonce={nonce} form={occurrenceForm(intent, o)} />
    </>
  );
  return (
    <li className={`${l.listRow}${busy ? ` ${l.rowBusy}` : ""}`} data-testid="occurrence" data-due={o.due ? "true" : undefined} data-waiting={waiting ? "true" : undefined}>
      <div className={l.grow}>
        <p style={{ margin: 0 }}>
          {waiting ? <span className={l.badgePending}>{t("schedules.upcoming.toConfirm")}</span> : null}{" "}
          <strong className={l.userText}>{o.description}</strong>
          {o.estimate ? <span className={l.badgeAfter}>{t("schedules.upcoming.estimate")}</span> : null}
          {o.edited ? <span className={l.badgeAfter}>{t("schedules.upcoming.edited")}</span> : null}
        </p>
        <p className={l.small} style={{ margin: 0 }}>
          <time dateTime={o.date}>{o.date === today ? t("schedules.upcoming.today") : formatDay(o.date, i18n.language)}</time>
          {o.due && o.date < today ? ` · ${t("schedules.upcoming.overdue")}` : ""}
          {showAccount ? ` · ${o.toAccountName ? `${o.accountName} → ${o.toAccountName}` : o.accountName}` : ""}
        </p>
      </div>
      <Money minor={o.toAccountId ? -Math.abs(o.amountMinor) : o.amountMinor} currency={o.currency} signed figure />
      <div className={l.actions}>
        <fetcher.Form method="post" action={SCHEDULES_ACTION}>
          {hidden("post")}
          <button type="submit" className={waiting ? ui.button.primary : ui.button.secondary} disabled={busy} aria-label={t("schedules.upcoming.postLabel", { name: o.description, date: formatDay(o.date, i18n.language) })}>
            {t("schedules.upcoming.post")}
          </button>
        </fetcher.Form>
        <fetcher.Form method="post" action={SCHEDULES_ACTION}>
          {hidden("skip")}
          <button type="submit" className={ui.button.ghost} disabled={busy} aria-label={t("schedules.upcoming.skipLabel", { name: o.description, date: formatDay(o.date, i18n.language) })}>
            {t("schedules.upcoming.skip")}
          </button>
        </fetcher.Form>
        {open ? null : (
          <a className={ui.button.link} href={editHref} aria-label={t("schedules.upcoming.editLabel", { name: o.description, date: formatDay(o.date, i18n.language) })}>
            {t("schedules.upcoming.edit")}
          </a>
        )}
      </div>
      {open ? (
        <fetcher.Form method="post" action={SCHEDULES_ACTION} className={l.formGrid} style={{ flexBasis: "100%" }} data-testid="occurrence-edit">
          {hidden("edit-occurrence")}
          {o.toAccountId ? <input type="hidden" name="transfer" value="1" /> : <input type="hidden" name="direction" value={o.amountMinor < 0 ? "out" : "in"} />}
          <Field label={t("schedules.fields.amountThisOne")} name="amount" inputMode="decimal" defaultValue={toEditableDecimalString(Math.abs(o.amountMinor), o.currency)} error={answer?.errors.amount} id={`occ-amount-${o.scheduleId}-${o.date}`} />
          <Field label={t("schedules.fields.descriptionThisOne")} name="description" defaultValue={o.description} error={answer?.errors.description} id={`occ-description-${o.scheduleId}-${o.date}`} />
          <div className={l.actions}>
            <button type="submit" className={ui.button.primary} disabled={busy}>
              {t("schedules.upcoming.saveThisOne")}
            </button>
            <a href={returnTo} className={ui.button.ghost}>
              {t("schedules.form.cancel")}
            </a>
          </div>
        </fetcher.Form>
      ) : null}
      {answer ? <FormAlert message={formErrorOf(answer, t) ?? Object.values(answer.errors)[0]} /> : null}
    </li>
  );
}
