/** Transfers: both legs of one, and the legs written in one batch. */
import { BY_ID_SQL, type LegRow } from "../transactions/store";

/** Both legs of one of the user's transfers (money out first), each with its account's archived flag. */
export async function transferLegs(db: D1Database, userId: string, transferId: string): Promise<LegRow[]> {
  const { results } = await db.prepare(BY_ID_SQL.transferLegs).bind(transferId, userId).all<LegRow>();
  return results;
}
