/** The filters and sort of the list, kept in the address (a GET form). */
import { ArrowDownUp } from "lucide-react";
import { type FormEvent } from "react";
import { Form, Link, useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { SelectField } from "../../forms/fields";
import { focusAfterNavigation } from "../../forms/focus-after-save";
import type { FieldErrors } from "../../forms/forms";
import { Field } from "../../ui/ui";
import { isPlainClick } from "../../browser/plain-click";
import { isIsoDay } from "../../../core/dates";
import type { Account, Category } from "../../../core/api-types/ledger";
import { LIST_DIRECTIONS, TRANSACTION_STATUSES } from "../../../core/ledger-values";
import { dateShortcuts } from "./date-shortcuts";
import { withParams } from "./list-urls";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";

/** `accounts`: the register's account filter (an account's own page has none). */
export function Filters({
  filters,
  today,
  categories,
  errors,
  accounts,
}: {
  filters: Record<string, string>;
  today: string;
  categories: Category[];
  errors: FieldErrors;
  accounts?: Array<Pick<Account, "id" | "name" | "currency">>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Sorting by a column is not filtering: the panel stays closed for it (on a phone it covers the list).
  const hasFilters = Object.keys(filters).some((key) => key !== "sort" && key !== "order");
  // With JavaScript, empty fields stay out of the address (shareable links stay short).
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const search = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === "string" && value.trim()) search.set(key, value.trim());
    const query = search.toString();
    navigate(query ? `?${query}` : ".");
  }
  return (
    <details className={l.details} open={hasFilters || Object.keys(errors).length > 0}>
      <summary className={l.summary} id="filters-toggle">
        <ArrowDownUp size={18} aria-hidden="true" />
        {t("transactionsPage.page.filters")}
      </summary>
      <div className={l.detailsBody}>
        <Form method="get" role="search" aria-label={t("transactionsPage.page.filters")} onSubmit={onSubmit} className={ui.stack} key={JSON.stringify(filters)}>
          <div className={l.formGrid}>
            <Field
              id="filter-q"
              label={t("transactionsPage.page.search")}
              name="q"
              type="search"
              defaultValue={filters.q ?? ""}
              hint={t("transactionsPage.register.searchHint")}
              error={errors.q}
            />
            {accounts ? (
              <SelectField
                id="filter-account"
                label={t("transactionsPage.register.account")}
                name="accountId"
                defaultValue={filters.accountId ?? ""}
                error={errors.accountId}
                options={[{ value: "", label: t("transactionsPage.register.anyAccount") }, ...accounts.map((a) => ({ value: a.id, label: `${a.name} (${a.currency})` }))]}
              />
            ) : null}
            <Field
              id="filter-from"
              label={t("transactionsPage.page.from")}
              name="from"
              type={dateFieldType(filters.from)}
              defaultValue={filters.from ?? ""}
              error={errors.from}
            />
            <Field id="filter-to" label={t("transactionsPage.page.to")} name="to" type={dateFieldType(filters.to)} defaultValue={filters.to ?? ""} error={errors.to} />
            {/* Links, not buttons: they set the range without JavaScript, keeping the other filters. */}
            <nav aria-label={t("transactionsPage.register.dates")} className={l.actions} data-testid="date-shortcuts">
              {dateShortcuts(today).map((shortcut) => (
                <Link
                  key={shortcut.key}
                  to={withParams(searchParams, { from: shortcut.from, to: shortcut.to, cursor: null, page: null })}
                  className={ui.button.ghost}
                  aria-current={filters.from === shortcut.from && filters.to === shortcut.to ? "true" : undefined}
                >
                  {t(`transactionsPage.register.${shortcut.key}`)}
                </Link>
              ))}
            </nav>
            <SelectField
              id="filter-category"
              label={t("ledger.fields.category")}
              name="category"
              defaultValue={filters.category ?? ""}
              error={errors.category}
              options={[
                { value: "", label: t("transactionsPage.page.anyCategory") },
                { value: "none", label: t("ledger.pages.common.uncategorised") },
                ...categories.map((c) => ({ value: c.id, label: c.name })),
              ]}
            />
            <SelectField
              id="filter-direction"
              label={t("transactionsPage.register.direction")}
              name="direction"
              defaultValue={filters.direction ?? ""}
              error={errors.direction}
              options={LIST_DIRECTIONS.map((d) => ({ value: d === "any" ? "" : d, label: t(`transactionsPage.register.direction${d === "any" ? "Any" : d === "in" ? "In" : "Out"}`) }))}
            />
            <Field
              id="filter-min"
              label={t("transactionsPage.register.min")}
              name="min"
              inputMode="decimal"
              defaultValue={filters.min ?? ""}
              error={errors.min}
              hint={t("transactionsPage.register.amountHint")}
            />
            <Field id="filter-max" label={t("transactionsPage.register.max")} name="max" inputMode="decimal" defaultValue={filters.max ?? ""} error={errors.max} />
            <SelectField
              id="filter-status"
              label={t("ledger.fields.status")}
              name="status"
              defaultValue={filters.status ?? ""}
              error={errors.status}
              options={[{ value: "", label: t("transactionsPage.page.anyStatus") }, ...TRANSACTION_STATUSES.map((s) => ({ value: s, label: t(`ledger.statuses.${s}`) }))]}
            />
            <SelectField
              id="filter-sort"
              label={t("transactionsPage.page.sort")}
              name="sort"
              defaultValue={filters.sort ?? "date"}
              error={errors.sort}
              options={[
                { value: "date", label: t("transactionsPage.page.sortDate") },
                { value: "amount", label: t("transactionsPage.page.sortAmount") },
              ]}
            />
            <SelectField
              id="filter-order"
              label={t("transactionsPage.page.order")}
              name="order"
              defaultValue={filters.order ?? "desc"}
              error={errors.order}
              options={[
                { value: "desc", label: t("transactionsPage.page.desc") },
                { value: "asc", label: t("transactionsPage.page.asc") },
              ]}
            />
          </div>
          <div className={l.actions}>
            <button type="submit" className={ui.button.primary}>
              {t("transactionsPage.page.apply")}
            </button>
            {hasFilters ? (
              // Cleared, the filters close and this link goes: the keyboard goes on from their summary.
              <Link to="." className={ui.button.ghost} onClick={(event) => (isPlainClick(event) ? focusAfterNavigation("#filters-toggle") : undefined)}>
                {t("transactionsPage.page.clear")}
              </Link>
            ) : null}
          </div>
        </Form>
      </div>
    </details>
  );
}

/**
 * A date filter's input: a date picker, unless the address holds something that is not a day
 * (`?from=2026-13-45`), which a date input would silently drop; as text it stays in view beside
 * its error, to be corrected.
 */
function dateFieldType(value: string | undefined): "date" | "text" {
  return value && !isIsoDay(value) ? "text" : "date";
}
