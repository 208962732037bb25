/**
 * /schedules (ADR 058): the user's scheduled transactions. What is coming (and what waits for a
 * confirmation) first, then "Found for you", a new schedule, and the schedules with their edit
 * (`?edit=<id>`) and delete. Every form works without JavaScript (a post and a redirect back).
 */
import { Plus } from "lucide-react";
import { Link, useActionData, useFetcher, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/schedules";
import type { Account, Category } from "../../../core/api-types/ledger";
import type { Occurrence, Schedule, ScheduleSuggestion } from "../../../core/api-types/schedules";
import { formatDay, todayInZone } from "../../../core/dates";
import { ID_PATTERN } from "../../../core/ids";
import { formErrorOf, reloadsAfterConflict, type FormAnswer } from "../../forms/form-answer";
import { FormKey, newIdempotencyKey } from "../../forms/idempotency-key";
import { useClosedAfterPost, useFormAnswerAndSaves } from "../../forms/use-form-answer";
import { useTranslation } from "../../i18n/use-translation";
import { guard } from "../../server/guards.server";
import { apiFor } from "../../server/api.server";
import { unwrap } from "../../server/ledger.server";
import { requireUser } from "../../server/session.server";
import { schedulesPageTexts } from "../../../core/i18n/page-texts/schedules-page";
import { addPageTexts } from "../../../core/i18n/translate";
import { Money } from "../../ui/money";
import { FormAlert, PageTitle } from "../../ui/ui";
import { ScheduleForm } from "./schedule-form";
import { schedulesAction } from "./schedules-action.server";
import { UpcomingList } from "./upcoming-list";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

// The page's own texts come with its code (ADR 072).
addPageTexts(schedulesPageTexts);

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireUser(context);
  const api = apiFor(request, context);
  const url = new URL(request.url);
  const [schedules, upcoming, suggestions, accounts, categories] = await Promise.all([
    api.get<{ schedules: Schedule[] }>("/schedules"),
    api.get<{ today: string; occurrences: Occurrence[] }>("/schedules/upcoming", { query: { days: 30 } }),
    api.get<{ suggestions: ScheduleSuggestion[] }>("/schedules/suggestions"),
    api.get<{ accounts: Account[] }>("/accounts"),
    api.get<{ categories: Category[] }>("/categories"),
  ]);
  const editId = url.searchParams.get("edit");
  const all = unwrap(schedules, request).schedules;
  return {
    schedules: all,
    upcoming: unwrap(upcoming, request),
    suggestions: unwrap(suggestions, request).suggestions,
    accounts: unwrap(accounts, request).accounts.filter((a) => !a.archived).map(({ id, name, currency }) => ({ id, name, currency })),
    categories: unwrap(categories, request).categories,
    // A paused schedule's account is not among the form's (archived): its edit would move it unasked.
    editing: editId && ID_PATTERN.test(editId) ? (all.find((s) => s.id === editId && !s.pausedBy) ?? null) : null,
    occurrence: url.searchParams.get("occurrence"),
    openNew: url.searchParams.has("new"),
    today: todayInZone(user.timeZone),
    nonce: newIdempotencyKey(),
  };
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return reloadsAfterConflict(args) || args.defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  return schedulesAction(request, context);
}

export default function Schedules({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { schedules, upcoming, suggestions, accounts, categories, editing, occurrence, openNew, today, nonce } = loaderData;
  const actionData = useActionData<FormAnswer>();
  const createFetcher = useFetcher<FormAnswer>({ key: "schedule-create" });
  const [createAnswer, created] = useFormAnswerAndSaves<FormAnswer>("create", createFetcher, actionData);
  // Closed after its own save, and made anew (key) so the next one starts blank (session 36 QA: a
  // new schedule kept the last one's payee and category).
  const newDetails = useClosedAfterPost(created, Boolean(createAnswer) || openNew);
  const editFetcher = useFetcher<FormAnswer>({ key: "schedule-edit" });
  const [editAnswer] = useFormAnswerAndSaves<FormAnswer>(editing ? `update:${editing.id}` : "none", editFetcher, actionData);
  // A refusal of a form that has no place of its own here (an occurrence's, posted without JavaScript): said at the top.
  const stray = actionData && !actionData.ok && actionData.form !== "create" && !actionData.form.startsWith("update:") ? actionData : undefined;
  // An edit refused as its account was archived meanwhile (another tab): the reloaded list has no form
  // for it (a paused schedule is not edited), so the refusal is said here.
  const pausedIds = new Set(schedules.filter((s) => s.pausedBy).map((s) => `update:${s.id}`));
  const lostEdit = [editFetcher.data, actionData].find((answer) => answer && !answer.ok && pausedIds.has(answer.form));
  const names = new Map(categories.map((c) => [c.id, c.name]));

  return (
    <div className={l.page}>
      <PageTitle title={t("schedulesPage.title")} />
      <h1 className={ui.pageHeading}>{t("schedulesPage.title")}</h1>
      <p className={l.small} style={{ margin: 0 }}>
        {t("schedulesPage.intro")}
      </p>
      {stray ? <FormAlert message={formErrorOf(stray, t) ?? Object.values(stray.errors)[0]} /> : null}
      {lostEdit && !lostEdit.ok ? <FormAlert message={formErrorOf(lostEdit, t) ?? Object.values(lostEdit.errors)[0]} /> : null}

      <section aria-labelledby="upcoming-title" className={`${ui.card} ${ui.stack}`}>
        <h2 id="upcoming-title" className={l.sectionTitle}>
          {t("schedules.upcoming.title")}
        </h2>
        <UpcomingList occurrences={upcoming.occurrences} today={upcoming.today} nonce={nonce} returnTo="/schedules" editing={occurrence} />
      </section>

      {suggestions.length ? (
        <section aria-labelledby="found-title" className={`${ui.card} ${ui.stack}`} data-testid="suggestions">
          <h2 id="found-title" className={l.sectionTitle}>
            {t("schedulesPage.found.title")}
          </h2>
          <p className={l.small} style={{ margin: 0 }}>
            {t("schedulesPage.found.intro")}
          </p>
          <ul className={l.list}>
            {suggestions.map((s, i) => (
              <Suggestion key={s.key} s={s} nonce={nonce} index={i} />
            ))}
          </ul>
        </section>
      ) : null}

      <details ref={newDetails} className={l.details} open={openNew || Boolean(createAnswer) || schedules.length === 0} data-testid="new-schedule">
        <summary className={l.summary}>
          <Plus size={18} aria-hidden="true" />
          {t("schedulesPage.new")}
        </summary>
        <div className={l.detailsBody}>
          {accounts.length ? (
            <ScheduleForm key={created} fetcher={createFetcher} answer={createAnswer} nonce={nonce} form="create" accounts={accounts} categories={categories} today={today} idPrefix="new-schedule" />
          ) : (
            <p className={l.small}>
              <Link to="/accounts?new">{t("schedulesPage.needAccount")}</Link>
            </p>
          )}
        </div>
      </details>

      <section aria-labelledby="list-title" className={ui.stack}>
        <h2 id="list-title" className={l.sectionTitle}>
          {t("schedulesPage.listTitle")}
        </h2>
        {schedules.length === 0 ? <p className={l.empty}>{t("schedulesPage.empty")}</p> : null}
        <ul className={l.list} data-testid="schedules">
          {schedules.map((s) =>
            editing?.id === s.id ? (
              <li key={s.id} className={`${ui.card} ${ui.stack}`} data-testid="schedule-editing">
                <h3 className={l.subTitle}>{t("schedulesPage.editTitle", { name: s.description })}</h3>
                <ScheduleForm fetcher={editFetcher} answer={editAnswer} nonce={nonce} form={`update:${s.id}`} accounts={accounts} categories={categories} today={today} schedule={s} idPrefix="edit-schedule" />
              </li>
            ) : (
              <ScheduleRow key={s.id} s={s} category={s.categoryId ? (names.get(s.categoryId) ?? null) : null} nonce={nonce} />
            ),
          )}
        </ul>
      </section>
    </div>
  );
}

/** "Every 2 weeks", "Monthly on the 31st (last day)", "15th and last day". */
export function useRuleText() {
  const { t } = useTranslation();
  return (s: Pick<Schedule, "kind" | "interval" | "day">) => t(`schedulesPage.rules.${s.kind}`, { count: s.interval, day: s.day ?? "" });
}

function ScheduleRow({ s, category, nonce }: { s: Schedule; category: string | null; nonce: string }) {
  const { t, i18n } = useTranslation();
  // Paused by an archived account while it has days to come; an ended one reads "ended" as any other.
  const paused = Boolean(s.pausedBy && s.nextDate);
  const ruleText = useRuleText();
  const fetcher = useFetcher<FormAnswer>();
  return (
    <li className={l.listRow} data-testid="schedule">
      <div className={l.grow}>
        <p style={{ margin: 0 }}>
          <strong className={l.userText}>{s.description}</strong>
          {paused ? <span className={`${l.badgePending} ${l.badgeAfter}`}>{t("schedulesPage.paused")}</span> : <span className={l.badgeAfter}>{t(`schedulesPage.modes.${s.mode}`)}</span>}
          {s.estimate ? <span className={l.badgeAfter}>{t("schedules.upcoming.estimate")}</span> : null}
        </p>
        <p className={l.small} style={{ margin: 0 }}>
          {ruleText(s)} · {s.toAccountName ? `${s.accountName} → ${s.toAccountName}` : s.accountName}
          {category ? ` · ${category}` : ""}
          {paused ? null : ` · ${s.nextDate ? t("schedulesPage.next", { date: formatDay(s.nextDate, i18n.language) }) : t("schedulesPage.ended")}`}
        </p>
        {/* An archived account's schedules post nothing (ADR 086); said here, where the schedule is, with the way back (ADR 087). */}
        {paused ? (
          <p className={l.small} style={{ margin: 0 }} data-testid="schedule-paused">
            {t("schedulesPage.pausedNote", { account: s.pausedBy })}
          </p>
        ) : null}
      </div>
      <Money minor={s.toAccountId ? -Math.abs(s.amountMinor) : s.amountMinor} currency={s.currency} signed figure />
      <div className={l.actions}>
        {s.pausedBy ? null : (
          <Link to={`/schedules?edit=${s.id}`} className={ui.button.ghost} aria-label={t("schedulesPage.editLabel", { name: s.description })}>
            {t("schedulesPage.edit")}
          </Link>
        )}
        <fetcher.Form method="post" action="/schedules">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="scheduleId" value={s.id} />
          <FormKey nonce={nonce} form={`delete:${s.id}`} />
          <button type="submit" className={ui.button.ghost} aria-label={t("schedulesPage.deleteLabel", { name: s.description })} disabled={fetcher.state !== "idle"}>
            {t("schedulesPage.delete")}
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}

/** A "Found for you" suggestion: accept (a create with its values) or dismiss. */
function Suggestion({ s, nonce, index }: { s: ScheduleSuggestion; nonce: string; index: number }) {
  const { t } = useTranslation();
  const ruleText = useRuleText();
  const fetcher = useFetcher<FormAnswer>();
  const answer = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const fields: Record<string, string> = {
    accountId: s.accountId,
    description: s.description,
    payee: s.payee ?? "",
    categoryId: s.categoryId ?? "",
    direction: s.amountMinor < 0 ? "out" : "in",
    amount: s.amount.replace(/^-/, ""),
    kind: s.kind,
    interval: String(s.interval),
    day: s.day ? String(s.day) : "",
    start: s.start,
    mode: "confirm",
    estimate: s.estimate ? "true" : "",
    returnTo: "/schedules",
  };
  return (
    <li className={l.listRow} data-testid="suggestion">
      <div className={l.grow}>
        <p style={{ margin: 0 }}>
          <strong className={l.userText}>{s.description}</strong>
        </p>
        <p className={l.small} style={{ margin: 0 }}>
          {ruleText(s)} · {s.accountName} · {t("schedulesPage.found.seen", { count: s.seen })}
        </p>
      </div>
      <Money minor={s.amountMinor} currency={s.currency} signed figure />
      <div className={l.actions}>
        <fetcher.Form method="post" action="/schedules">
          <input type="hidden" name="intent" value="create" />
          {Object.entries(fields).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
          <FormKey nonce={nonce} form={`accept-${index}`} />
          <button type="submit" className={ui.button.primary} disabled={fetcher.state !== "idle"} aria-label={t("schedulesPage.found.acceptLabel", { name: s.description })}>
            {t("schedulesPage.found.accept")}
          </button>
        </fetcher.Form>
        <fetcher.Form method="post" action="/schedules">
          <input type="hidden" name="intent" value="dismiss" />
          <input type="hidden" name="key" value={s.key} />
          <FormKey nonce={nonce} form={`dismiss-${index}`} />
          <button type="submit" className={ui.button.ghost} disabled={fetcher.state !== "idle"} aria-label={t("schedulesPage.found.dismissLabel", { name: s.description })}>
            {t("schedulesPage.found.dismiss")}
          </button>
        </fetcher.Form>
      </div>
      {answer ? <FormAlert message={formErrorOf(answer, t) ?? Object.values(answer.errors)[0]} /> : null}
    </li>
  );
}
