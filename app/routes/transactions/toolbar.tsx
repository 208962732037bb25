/**
 * The list's tools in one row of buttons: add, transfer, import, filters (ADR 053). Each is a
 * <details> (it opens without JavaScript) whose body the styles float as a panel, over the lower
 * screen on a phone and at the page's right on a desktop, so the table stays where it is. With
 * JavaScript one panel is open at a time and Escape closes it, focus back on its button. The
 * forms are their modules' own, placed here; `children` is room for more tools (reconcile).
 */
import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { Plus, Repeat } from "lucide-react";
import { useTranslation } from "../../i18n/use-translation";
import type { FormAnswer } from "../../forms/form-answer";
import { Filters } from "./filters";
import { ImportSection } from "./import/import-section";
import type { Fetcher, PageData } from "./page-data";
import { TransactionForm } from "./transaction-form";
import { TransferForm } from "./transfer-form";
import * as l from "../../styles/ledger.css";
import * as ui from "../../styles/ui.css";
import * as s from "../../styles/transactions-list.css";

type Tool = { fetcher: Fetcher; result: FormAnswer | undefined; saved: number };

export function Toolbar({
  loaderData,
  add,
  transfer,
  addOpen,
  transferDetails,
  children,
}: {
  loaderData: PageData;
  add: Tool;
  transfer: Tool;
  addOpen: boolean;
  transferDetails: RefObject<HTMLDetailsElement | null>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { account, accounts, categories, filterErrors } = loaderData;
  const others = accounts.filter((a) => a.id !== account.id && !a.archived);
  const bar = useRef<HTMLDivElement>(null);
  useOnePanelAtATime(bar);
  return (
    <div ref={bar} className={s.toolBar} data-testid="toolbar">
      {account.archived ? (
        <p className={ui.alert.info}>{t("transactionsPage.page.archivedNotice")}</p>
      ) : (
        <>
          {/* Stays open after a save, empty again, for the next entry (issue 35). */}
          <details className={l.details} open={addOpen} data-testid="add-transaction">
            <summary className={l.summary}>
              <Plus size={18} aria-hidden="true" style={{ flex: "none" }} />
              <span className={s.toolLabel}>{t("transactionsPage.page.add")}</span>
              {/* Drawn from the attribute, so the button's text (and name) stays the whole one. */}
              <span className={s.toolLabelShort} data-label={t("transactionsPage.page.addShort")} aria-hidden="true" data-testid="tool-short-name" />
            </summary>
            <div className={l.detailsBody} role="region" aria-label={t("transactionsPage.page.add")}>
              <TransactionForm key={add.saved} mode="add" fetcher={add.fetcher} result={add.result} loaderData={loaderData} />
            </div>
          </details>
          <details ref={transferDetails} className={l.details} open={Boolean(transfer.result)} data-testid="transfer">
            <summary className={l.summary}>
              <Repeat size={18} aria-hidden="true" />
              {t("transactionsPage.page.transfer")}
            </summary>
            <div className={l.detailsBody} role="region" aria-label={t("transactionsPage.page.transfer")}>
              {others.length === 0 ? (
                <p style={{ margin: 0 }}>{t("transactionsPage.page.noOtherAccounts")}</p>
              ) : (
                <TransferForm key={transfer.saved} fetcher={transfer.fetcher} result={transfer.result} loaderData={loaderData} others={others} />
              )}
            </div>
          </details>
          <ImportSection loaderData={loaderData} />
        </>
      )}
      <Filters filters={loaderData.filters} today={loaderData.today} categories={categories} errors={filterErrors} />
      {children}
    </div>
  );
}

/** Opening a tool closes the others; Escape closes the open one and puts focus on its button. */
function useOnePanelAtATime(bar: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const node = bar.current;
    if (!node) return;
    const panels = () => [...node.querySelectorAll<HTMLDetailsElement>(":scope > details")];
    // Only a panel the user opens (its summary clicked, or Enter/Space on it) closes the others: panels
    // a page opens by itself (forms kept through a change of language) stay as they were.
    const onClick = (event: MouseEvent) => {
      const summary = (event.target as Element).closest?.("summary");
      const opening = summary?.parentElement;
      if (!(opening instanceof HTMLDetailsElement) || opening.parentElement !== node || opening.open) return;
      for (const other of panels()) if (other !== opening && other.open) other.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || event.isComposing) return;
      const open = panels().find((panel) => panel.open);
      if (!open) return;
      open.open = false;
      open.querySelector<HTMLElement>(":scope > summary")?.focus();
    };
    node.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      node.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, [bar]);
}
