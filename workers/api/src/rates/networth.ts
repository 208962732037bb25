/**
 * Net worth in the user's reporting currency (ADR 056), answered inside the overview's D1 batch
 * (`include=networth`): balances per currency of the active accounts, split into assets and
 * debts (credit cards and loans), each currency converted at the newest rate on or before the
 * user's today (their own rate first, else BCRP's sell) and summed exactly with `convertSum`,
 * rounded once. A currency without a rate is named and left out, never guessed.
 */
import { z } from "@hono/zod-openapi";
import { convertSum, type ConvertPart } from "../../../../core/exchange";
import { compareCurrencies } from "../../../../core/money";
import type { NetWorthOut } from "../../../../core/api-types/rates";
import { ownRateOn, resolveRate, type OfficialRateRow, type OwnRateRow } from "./lookup";
import { BCRP_SOURCE } from "./bcrp";
import { latestOfficialStatement, reportingCurrencyStatement, userRatesStatement } from "./store";

/** Account types whose balance is owed, not owned. */
export const DEBT_ACCOUNT_TYPES = ["credit_card", "loan"] as const;

function balancesStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT currency,
              COALESCE(SUM(CASE WHEN type IN ('credit_card', 'loan') THEN 0 ELSE balance END), 0) AS assets,
              COALESCE(SUM(CASE WHEN type IN ('credit_card', 'loan') THEN balance ELSE 0 END), 0) AS debts
         FROM accounts WHERE user_id = ?1 AND archived = 0 GROUP BY currency`,
    )
    .bind(userId);
}

/** The statements, in the order `readNetWorth` expects; any day's newest rate is read, today is chosen after the batch. */
export function netWorthStatements(db: D1Database, userId: string): D1PreparedStatement[] {
  return [reportingCurrencyStatement(db, userId), balancesStatement(db, userId), latestOfficialStatement(db, BCRP_SOURCE, "9999-12-31"), userRatesStatement(db, userId)];
}

type BalanceRow = { currency: string; assets: number; debts: number };

/** Net worth from the statements' results, for `today` (the user's day). */
export function readNetWorth(results: D1Result[], today: string): NetWorthOut {
  const [reporting, balances, official, own] = results;
  const to = (reporting?.results[0] as { reporting_currency?: string } | undefined)?.reporting_currency ?? "PEN";
  const officialByCurrency = new Map(((official?.results ?? []) as Array<OfficialRateRow & { currency: string }>).filter((r) => r.day <= today).map((r) => [r.currency, r]));
  const ownRows = (own?.results ?? []) as unknown as OwnRateRow[];
  const rows = ((balances?.results ?? []) as BalanceRow[]).sort((a, b) => compareCurrencies(a.currency, b.currency));
  const assets: ConvertPart[] = [];
  const debts: ConvertPart[] = [];
  const rates: NetWorthOut["rates"] = [];
  const unconverted: NetWorthOut["unconverted"] = [];
  for (const row of rows) {
    const found = resolveRate({ from: row.currency, to, day: today }, ownRateOn(ownRows, row.currency, to, today), officialByCurrency.get(row.currency), officialByCurrency.get(to));
    if (!found) {
      unconverted.push({ currency: row.currency, balanceMinor: row.assets + row.debts });
      continue;
    }
    if (found.source !== "same") rates.push({ currency: row.currency, rate: found.shown, source: found.source, day: found.publishedOn });
    assets.push({ minor: row.assets, currency: row.currency, rate: found.fraction });
    debts.push({ minor: row.debts, currency: row.currency, rate: found.fraction });
  }
  return {
    currency: to,
    asOf: today,
    // One exact sum, rounded once: not the sum of the rounded assets and debts.
    netMinor: convertSum([...assets, ...debts], to),
    assetsMinor: convertSum(assets, to),
    debtsMinor: convertSum(debts, to),
    rates,
    unconverted,
  };
}

/** The overview's `include`: GET /accounts' and GET /categories' answers, and `networth`. */
export function wantsNetWorth(include: string | undefined): boolean {
  return include?.split(",").includes("networth") ?? false;
}

export const netWorthOut = z
  .object({
    currency: z.string(),
    asOf: z.string(),
    netMinor: z.number().int(),
    assetsMinor: z.number().int(),
    debtsMinor: z.number().int(),
    rates: z.array(z.object({ currency: z.string(), rate: z.string(), source: z.enum(["user", "bcrp", "same"]), day: z.string() })),
    unconverted: z.array(z.object({ currency: z.string(), balanceMinor: z.number().int() })),
  })
  .openapi({ description: "With include=networth: active accounts' balances in the reporting currency at the newest rate on or before the user's today (credit cards and loans are debts)" });
