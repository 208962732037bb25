import { redirect } from "react-router";
import type { Route } from "./+types/reports-csv";
import { guard } from "../../server/guards.server";
import { getI18n } from "../../i18n/i18n.server";
import { REPORT_TABLES, reportCsv, type ReportTable } from "./report-csv";
import { reportsData } from "./reports-data.server";

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

/**
 * "Download CSV" under each table of /reports: the same filters as the page (one GET /reports),
 * one table as a file. An unknown table or a refused period sends a browser back to the page,
 * which shows the filters' own errors.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const table = url.searchParams.get("table") as ReportTable | null;
  url.searchParams.delete("table");
  const page = `/reports${url.search}`;
  if (!table || !(REPORT_TABLES as readonly string[]).includes(table)) throw redirect(page);
  const data = await reportsData(request, context);
  if (!data.report) throw redirect(page);
  const { t } = getI18n(context);
  const name = `tesoro-${table}-${data.report.from}-${data.report.to}.csv`;
  return new Response(reportCsv(table, data.report, (key) => t(key)), {
    status: 200,
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}"`, "Cache-Control": "private, no-store" },
  });
}
