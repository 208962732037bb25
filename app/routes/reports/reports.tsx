import { Form, Link } from "react-router";
import type { Route } from "./+types/reports";
import { useTranslation } from "../../i18n/use-translation";
import { guard } from "../../server/guards.server";
import { PageTitle } from "../../ui/ui";
import { formatDay } from "../../../core/dates";
import { reportsTexts } from "../../../core/i18n/page-texts/reports";
import { addPageTexts } from "../../../core/i18n/translate";
import { PERIODS } from "./period";
import { ReportSections } from "./report-sections";
import { monthLabel } from "./month-label";
import { reportCharts } from "./report-charts.server";
import { getI18n } from "../../i18n/i18n.server";
import { reportsData } from "./reports-data.server";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";
import * as r from "./reports.css";

addPageTexts(reportsTexts);

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const data = await reportsData(request, context);
  const i18n = getI18n(context);
  // Drawn here, so the browser gets the pictures and none of the code that draws them.
  return { ...data, charts: data.report ? reportCharts(data.report, (key, options) => i18n.t(key, options), i18n.language) : null };
}

/**
 * /reports (issue 38, ADR 059): net worth, money in and out, spending by category and top payees
 * per month, in the reporting currency. The filters are a GET form (no script needed); each
 * report is a chart drawn on the server with its table and a CSV of it.
 */
export default function Reports({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { filters, report, errors, charts } = loaderData;
  const search = new URLSearchParams({ period: filters.period, from: filters.from, to: filters.to });
  for (const id of filters.accounts) search.append("account", id);
  const csvHref = (table: string) => `/reports.csv?${search}&table=${table}`;
  const accounts = report?.accounts ?? [];
  const chosen = new Set(filters.accounts);

  return (
    <div className={l.page}>
      <PageTitle title={t("reports.title")} />
      <h1 className={ui.pageHeading}>{t("reports.title")}</h1>
      {report ? <p className={l.small} style={{ margin: 0 }}>{t("reports.intro", { currency: report.currency })}</p> : null}

      <Form method="get" className={r.filters} aria-label={t("reports.filters.legend")} data-testid="report-filters">
        <input type="hidden" name="shown" value={`${filters.from}/${filters.to}`} />
        <div className={ui.field}>
          <label htmlFor="report-period" className={ui.label}>
            {t("reports.filters.period")}
          </label>
          <select id="report-period" name="period" defaultValue={filters.period} className={ui.select}>
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`reports.filters.${p}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={ui.field}>
          <label htmlFor="report-from" className={ui.label}>
            {t("reports.filters.from")}
          </label>
          <input id="report-from" name="from" type="month" defaultValue={filters.from} className={ui.input} aria-invalid={errors?.from ? true : undefined} aria-describedby={errors?.from ? "report-from-error" : undefined} />
          {errors?.from ? <p id="report-from-error" className={ui.fieldError}>{errors.from}</p> : null}
        </div>
        <div className={ui.field}>
          <label htmlFor="report-to" className={ui.label}>
            {t("reports.filters.to")}
          </label>
          <input id="report-to" name="to" type="month" defaultValue={filters.to} className={ui.input} aria-invalid={errors?.to ? true : undefined} aria-describedby={errors?.to ? "report-to-error" : undefined} />
          {errors?.to ? <p id="report-to-error" className={ui.fieldError}>{errors.to}</p> : null}
        </div>
        {accounts.length > 1 ? (
          <fieldset className={r.fieldset}>
            <legend className={ui.label}>{t("reports.filters.accounts")}</legend>
            {accounts.map((a) => (
              <label key={a.id} className={ui.checkboxRow}>
                <input type="checkbox" name="account" value={a.id} defaultChecked={chosen.has(a.id)} />
                <span className={l.userText}>{a.archived ? t("reports.filters.archived", { name: a.name }) : a.name}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {errors?.accounts ? <p className={ui.fieldError}>{errors.accounts}</p> : null}
        <button type="submit" className={ui.button.primary}>
          {t("reports.filters.show")}
        </button>
      </Form>

      {report && accounts.length === 0 ? (
        <p>
          <Link to="/accounts?new=1" className={ui.button.primary}>
            {t("reports.noAccounts")}
          </Link>
        </p>
      ) : null}
      {report && charts && accounts.length ? (
        <>
          <ReportSections report={report} charts={charts} csvHref={csvHref} />
          <section aria-labelledby="report-rates" className={r.rates} data-testid="report-rates">
            <h2 id="report-rates" className={l.subTitle}>
              {t("reports.rates.title")}
            </h2>
            {report.leftOut.map((gone) => (
              <p key={gone.currency} className={ui.alert.warning} style={{ margin: 0 }}>
                {t("reports.rates.leftOut", { currency: gone.currency, months: gone.months.map((m) => monthLabel(m, i18n.language, "long")).join(", ") })}
              </p>
            ))}
            {report.rates.length === 0 && report.leftOut.length === 0 ? <p style={{ margin: 0 }}>{t("reports.rates.none", { currency: report.currency })}</p> : null}
            {report.rates.length ? (
              <ul style={{ margin: 0, paddingInlineStart: "1.2em" }}>
                {report.rates.map((rate) => (
                  <li key={`${rate.month} ${rate.currency}`}>
                    {t("reports.rates.line", {
                      month: monthLabel(rate.month, i18n.language, "long"),
                      currency: rate.currency,
                      rate: rate.rate,
                      source: t(`reports.rates.${rate.source}`),
                      day: formatDay(rate.publishedOn, i18n.language),
                    })}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        </>
      ) : null}
    </div>
  );
}
