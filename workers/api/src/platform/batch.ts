/** One D1 round trip for a change and the answer's reads, shared by the ledger's routes and the import. */
import type { Context } from "hono";
import type { ApiBindings } from "./types";
import { validationProblem } from "./problem";

/**
 * Runs `writes` and then `reads` as one batch: one round trip, one transaction, so the reads see
 * the writes (or, when a guard let a write change nothing, the rows as they are). A sum that
 * would leave the exact range (a CHECK or a trigger's refusal, `isRangeError`) is the 422 on
 * `field`, with nothing written.
 */
export async function writeThenRead(c: Context<ApiBindings>, writes: D1PreparedStatement[], reads: D1PreparedStatement[] = [], field = "amount"): Promise<{ failed: Response } | { written: D1Result[]; read: D1Result[] }> {
  try {
    const results = await c.env.DB.batch([...writes, ...reads]);
    return { written: results.slice(0, writes.length), read: results.slice(writes.length) };
  } catch (error) {
    if (isRangeError(error)) return { failed: validationProblem(c, { [field]: ["api.balanceRange"] }) };
    throw error;
  }
}

/** The first row a batch's statement read, if any. */
export function firstRow<T>(result: D1Result | undefined): T | undefined {
  return result?.results[0] as T | undefined;
}

/** Every row a batch's statement read. */
export function rowsOf<T>(result: D1Result | undefined): T[] {
  return (result?.results ?? []) as T[];
}

/** A CHECK on accounts.balance (or a day total) refused the write: the sum left the exact range. */
export function isRangeError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
  // "money volume out of range": migrations/0010, the bound on a user's gross volume.
  return /CHECK constraint failed|integer overflow|money volume out of range/i.test(message);
}
