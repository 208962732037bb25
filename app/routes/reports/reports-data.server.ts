/** The /reports page's loader and its CSV's: one API call (GET /reports) for the chosen filters. */
import type { RouterContextProvider } from "react-router";
import type { ReportsAnswer } from "../../../core/api-types/reports";
import { todayInZone } from "../../../core/dates";
import { apiFor } from "../../server/api.server";
import { readFailed } from "../../server/ledger.server";
import { fieldErrors } from "../../../core/problem";
import { requireUser } from "../../server/session.server";
import { reportFilters, type ReportFilters } from "./period";

export type ReportsData = { filters: ReportFilters; report: ReportsAnswer; errors: null } | { filters: ReportFilters; report: null; errors: Record<string, string> };

export async function reportsData(request: Request, context: Readonly<RouterContextProvider>): Promise<ReportsData> {
  const { user } = requireUser(context);
  const filters = reportFilters(new URL(request.url), todayInZone(user.timeZone));
  const result = await apiFor(request, context).get<ReportsAnswer>("/reports", { query: filters.apiQuery });
  if (result.ok) return { filters, report: result.data, errors: null };
  // A month typed wrong in the custom period: the form shows the API's message under its field.
  if (result.status === 422) return { filters, report: null, errors: fieldErrors(result.problem) };
  return readFailed(result, request);
}
