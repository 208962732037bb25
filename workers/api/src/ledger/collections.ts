/**
 * The user's accounts and categories as GET /accounts and GET /categories answer them. Pages that
 * also need them beside other data ask for `?include=accounts,categories` on the list and the
 * overview, which run these statements in the same D1 batch (one round trip, one request). The
 * list also takes `imports`: the account's latest imports, as GET …/imports answers them.
 */
import { z } from "@hono/zod-openapi";
import { compareCurrencies, toDecimalString } from "../../../../core/money";
import { blank } from "../../../../core/schemas/ledger";
import { importRecordOut, toImportRecord, type ImportRecordRow } from "../import/records";
import { importRecordsStatement } from "../import/store";
import { accountsStatement } from "../accounts/store";
import { categoriesStatement } from "../categories/store";
import { accountOut, categoryOut, toAccount, toCategory, type AccountRow, type CategoryRow } from "./model";
import { upcomingFromRows, upcomingOut } from "../schedules/model";
import { upcomingStatement, type UpcomingRow } from "../schedules/store";

export const accountsResponse = z.object({
  accounts: z.array(accountOut),
  totals: z.array(z.object({ currency: z.string(), balance: z.string(), balanceMinor: z.number().int(), count: z.number().int() })),
});

export const categoriesResponse = z.object({ categories: z.array(categoryOut) });

/** Accounts with balances, and the balance per currency of the active ones (PEN, USD, then A–Z; never summed across currencies). */
export function accountsAnswer(rows: AccountRow[]): z.infer<typeof accountsResponse> {
  const totals = new Map<string, { balance: number; count: number }>();
  for (const row of rows) {
    if (row.archived) continue;
    const entry = totals.get(row.currency) ?? { balance: 0, count: 0 };
    entry.balance += row.balance;
    entry.count += 1;
    totals.set(row.currency, entry);
  }
  const ordered = [...totals.entries()].sort(([a], [b]) => compareCurrencies(a, b));
  return {
    accounts: rows.map((row) => toAccount(row)),
    totals: ordered.map(([currency, t]) => ({ currency, balance: toDecimalString(t.balance, currency), balanceMinor: t.balance, count: t.count })),
  };
}

/** Categories named in the caller's language, in its alphabetical order. */
export function categoriesAnswer(rows: CategoryRow[], locale: string): z.infer<typeof categoriesResponse> {
  return { categories: rows.map((row) => toCategory(row, locale)).sort((a, b) => a.name.localeCompare(b.name, locale)) };
}

/** What an answer with `include` adds (each only when asked for). */
export const includedOut = {
  accounts: z.array(accountOut).optional(),
  accountTotals: accountsResponse.shape.totals.optional(),
  categories: z.array(categoryOut).optional(),
  upcoming: upcomingOut.optional(),
};

/** The same on an account's list, which may also embed its latest imports. */
export const listIncludedOut = { ...includedOut, imports: z.array(importRecordOut).optional() };

type Included = {
  accounts?: z.infer<typeof accountsResponse>["accounts"];
  accountTotals?: z.infer<typeof accountsResponse>["totals"];
  categories?: z.infer<typeof categoriesResponse>["categories"];
  imports?: Array<z.infer<typeof importRecordOut>>;
  upcoming?: z.infer<typeof upcomingOut>;
};

type IncludeName = "accounts" | "categories" | "imports" | "budgets" | "networth" | "upcoming" | "transferRates";

/** An `include` query parameter taking `names`, comma-separated. */
function includeParamOf(names: readonly IncludeName[], answeredAs: string) {
  const one = `(${names.join("|")})`;
  return blank(z.string().regex(new RegExp(`^${one}(,${one})*$`), { error: "api.include" })).openapi({
    description: `Embed ${names.map((name) => `\`${name}\``).join(", ")} (any of them, comma-separated) in this answer, as ${answeredAs} answer them.`,
  });
}

/** `include=accounts,categories`: which of the two to embed. */
export const includeParam = includeParamOf(["accounts", "categories", "upcoming"], "GET /accounts, GET /categories and GET /schedules/upcoming");

/** The overview's: `budgets` too (each budget's current period, workers/api/src/budgets/overview-card.ts). */
export const overviewIncludeParam = includeParamOf(["accounts", "categories", "budgets", "networth", "upcoming"], "GET /accounts, GET /categories, GET /schedules/upcoming, the budgets' current periods and net worth in the reporting currency (workers/api/src/rates/networth.ts)");

/** The list's: `imports` too, and `transferRates` (its page's transfers between currencies, workers/api/src/rates/transfer-rates.ts). */
export const listIncludeParam = includeParamOf(
  ["accounts", "categories", "imports", "upcoming", "transferRates"],
  "GET /accounts, GET /categories, GET /accounts/{accountId}/imports, GET /schedules/upcoming and GET /rates/transfers (for the page's transfers) answer them",
);

export function includes(value: string | undefined, name: IncludeName): boolean {
  return value?.split(",").includes(name) ?? false;
}

/**
 * The statements an `include` asks for, and how to read their results back into the answer. The
 * language is read with the results: behind a deferred session (ADR 026) the user, whose saved
 * language answers a client without `Accept-Language`, is known only after the batch. `imports`
 * needs the account of the answer (`accountId`); without one it is not read.
 */
export function included(db: D1Database, include: string | undefined, accountId?: string) {
  const wanted = (["accounts", "categories", "imports", "upcoming"] as const).filter((name) => includes(include, name) && (name !== "imports" || accountId));
  return {
    /** How many statements `statements` gives (the caller's own come after them). */
    count: wanted.length,
    /** The user's statements, to run in the caller's batch, in the order `read` expects. */
    statements(userId: string): D1PreparedStatement[] {
      return wanted.map((name) =>
        name === "accounts" ? accountsStatement(db, userId) : name === "categories" ? categoriesStatement(db, userId) : name === "upcoming" ? upcomingStatement(db, userId, Date.now(), accountId) : importRecordsStatement(db, userId, accountId!),
      );
    },
    read(results: D1Result[], locale: string): Included {
      const out: Included = {};
      wanted.forEach((name, i) => {
        const rows = results[i]?.results ?? [];
        if (name === "accounts") {
          const answer = accountsAnswer(rows as AccountRow[]);
          out.accounts = answer.accounts;
          out.accountTotals = answer.totals;
        } else if (name === "categories") out.categories = categoriesAnswer(rows as CategoryRow[], locale).categories;
        else if (name === "upcoming") out.upcoming = upcomingFromRows(rows as UpcomingRow[], Date.now(), accountId);
        else out.imports = (rows as unknown as ImportRecordRow[]).map(toImportRecord);
      });
      return out;
    },
  };
}
