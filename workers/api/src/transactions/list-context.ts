/** The account of a list's path and its parsed filters, or the answer to give instead: the list, its totals and its CSV export start here. */
import { type z } from "@hono/zod-openapi";
import { translatorFor } from "../../../../core/i18n/translator";
import { ID_PATTERN } from "../../../../core/ids";
import { currencyDigits } from "../../../../core/money";
import { type listQuerySchema } from "../../../../core/schemas/ledger";
import { filtersOf } from "./list-store";
import type { AccountRow } from "../ledger/model";
import { accountStatement } from "../accounts/store";
import { localeOf, validationProblem } from "../platform/problem";
import { sessionBatch } from "../sessions/middleware";
import { addError, notFound, type C, type Errors } from "../ledger/http";

/** The account of a path and the parsed filters, or the answer to give instead. */
export async function listContext(c: C, accountId: string, query: z.infer<typeof listQuerySchema>) {
  // The account rides in the session check's D1 batch (ADR 026); a malformed id reads nothing.
  const auth = await sessionBatch(c, (userId) => (ID_PATTERN.test(accountId) ? [accountStatement(c.env.DB, userId, accountId)] : []));
  if ("response" in auth) return { response: auth.response };
  const account = (auth.results[0]?.results[0] as AccountRow | undefined) ?? null;
  if (!account) return { response: notFound(c) };
  const { filters, issues } = filtersOf(query, account.currency);
  if (issues.length) {
    const t = translatorFor(localeOf(c));
    const errors: Errors = {};
    for (const issue of issues) addError(errors, issue.field, issue.key === "ledger.errors.amountPrecision" ? t(issue.key, { count: currencyDigits(account.currency) }) : issue.key);
    return { response: validationProblem(c, errors) };
  }
  return { account, filters };
}
