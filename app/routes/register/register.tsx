/** /transactions: the register, every account's movements in one list with the list's filters (ADR 054). */
import { addPageTexts } from "../../../core/i18n/translate";
import { transactionsPageTexts } from "../../../core/i18n/page-texts/transactions-page";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "./+types/register";
import { PageTitle } from "../../ui/ui";
import { guard } from "../../server/guards.server";
import { Filters } from "../transactions/filters";
import { Pager } from "../transactions/pager";
import { registerData } from "./register-data.server";
import { REGISTER_PAGE_SIZE } from "./register-shapes";
import { RegisterTable } from "./register-table";
import { RegisterTotalsSection } from "./register-totals";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

// The filters' texts come with the transactions page's code (ADR 033).
addPageTexts(transactionsPageTexts);

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

export async function loader({ request, context }: Route.LoaderArgs) {
  return registerData(request, context);
}

export default function Register({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rows, list, count, totals, accounts, categories, filters, filterErrors, page, today } = loaderData;
  const accountNames = new Map(accounts.map((a) => [a.id, a.name]));
  const filtered = Object.keys(filters).some((key) => key !== "sort" && key !== "order");
  return (
    <div className={l.page}>
      <PageTitle title={t("ledger.register.title")} />
      <h1 className={ui.pageHeading}>{t("ledger.register.title")}</h1>
      <p className={l.small} style={{ margin: 0 }}>
        {t("transactionsPage.register.intro")}
      </p>
      <Filters filters={filters} today={today} categories={categories} errors={filterErrors} accounts={accounts} />
      {list ? (
        <>
          <RegisterTotalsSection totals={totals} filtered={filtered} />
          {rows.length ? (
            <RegisterTable rows={rows} accountNames={accountNames} today={today} />
          ) : (
            <p className={ui.card} data-testid="register-empty">
              {t(filtered ? "transactionsPage.register.empty" : "transactionsPage.register.emptyAll")}
            </p>
          )}
          <Pager list={list} page={page} filters={filters} count={count} pageSize={REGISTER_PAGE_SIZE} />
        </>
      ) : null}
    </div>
  );
}
