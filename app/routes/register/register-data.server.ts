/** The register's loader: one API call for the page, its totals per currency, and the accounts and categories its filters name. */
import type { RouterContextProvider } from "react-router";
import type { Account, Category, Transaction } from "../../../core/api-types/ledger";
import { REGISTER_PAGE_SIZE, type RegisterRow, type RegisterTotals } from "./register-shapes";
import { todayInZone } from "../../../core/dates";
import { fieldErrors } from "../../../core/problem";
import type { FieldErrors } from "../../forms/forms";
import { apiFor } from "../../server/api.server";
import { readFailed, unwrap } from "../../server/ledger.server";
import { requireUser } from "../../server/session.server";

/** The register's query parameters (GET /transactions), kept in the address. */
export const REGISTER_FILTER_KEYS = ["q", "accountId", "from", "to", "category", "direction", "min", "max", "status", "sort", "order"] as const;

type RegisterAnswer = {
  transactions: Transaction[];
  nextCursor: string | null;
  prevCursor: string | null;
  hasPrevious: boolean;
  count: number;
  totals: RegisterTotals[];
  accounts?: Account[];
  categories?: Category[];
};

export async function registerData(request: Request, context: Readonly<RouterContextProvider>) {
  const { user } = requireUser(context);
  const api = apiFor(request, context);
  const url = new URL(request.url);
  const filters: Record<string, string> = {};
  for (const key of REGISTER_FILTER_KEYS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const cursor = url.searchParams.get("cursor") || null;
  // Only a label: without a cursor this is the first page, whatever the address says.
  const page = cursor ? Math.max(2, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "2", 10) || 2)) : 1;
  const result = await api.get<RegisterAnswer>("/transactions", { query: { ...filters, cursor, limit: REGISTER_PAGE_SIZE, include: "accounts,categories" } });
  let filterErrors: FieldErrors = {};
  let answer: RegisterAnswer | null = null;
  let accounts: Account[];
  let categories: Category[];
  if (result.ok) {
    answer = result.data;
    accounts = result.data.accounts ?? [];
    categories = result.data.categories ?? [];
  } else if (result.status === 422 || result.status === 400) {
    // A filter the API refused: the page with the messages beside the filters, no rows.
    filterErrors = fieldErrors(result.problem);
    const [accountsResult, categoriesResult] = await Promise.all([api.get<{ accounts: Account[] }>("/accounts"), api.get<{ categories: Category[] }>("/categories")]);
    accounts = unwrap(accountsResult, request).accounts;
    categories = unwrap(categoriesResult, request).categories;
  } else {
    // Another user's account (or an unknown one) in `accountId`: the 404 page, as for its own page.
    readFailed(result, request);
  }
  const rows: RegisterRow[] = (answer?.transactions ?? []).map((tx) => ({
    id: tx.id,
    date: tx.date,
    description: tx.description,
    payee: tx.payee,
    amountMinor: tx.amountMinor,
    currency: tx.currency,
    accountId: tx.accountId,
    status: tx.status,
    transferId: tx.transferId,
    transferAccountId: tx.transferAccountId,
    category: tx.category ? { name: tx.category.name, color: tx.category.color } : null,
  }));
  return {
    rows,
    list: answer ? { nextCursor: answer.nextCursor, prevCursor: answer.prevCursor, hasPrevious: answer.hasPrevious } : null,
    count: answer?.count ?? null,
    totals: answer?.totals ?? [],
    accounts: accounts.map(({ id, name, currency, archived }) => ({ id, name, currency, archived })),
    categories,
    filters,
    filterErrors,
    page,
    today: todayInZone(user.timeZone),
  };
}
