/**
 * The Cron Trigger's part in schedules (ADR 058): every "post automatically" schedule's
 * occurrences whose day has come in its user's time zone are posted, each exactly once. The
 * once is the database's: an occurrence is posted only with its row in `schedule_postings`
 * (PRIMARY KEY (schedule_id, date)) written in the same batch (store.ts), so a second run, an
 * overlapping run or a retry after a failure writes nothing more. "To confirm" schedules are not
 * touched: their due occurrences wait, listed first in "upcoming".
 */
import { todayInZone } from "../../../../core/dates";
import { uuid7 } from "../platform/uuid7";
import { isRangeError } from "../platform/batch";
import { autoSchedulesPage, lookbackFrom, overridesAndPostingsOf, pendingOccurrences, postOccurrenceStatements, type OverrideRow, type PostingRow, type ScheduleReadRow } from "./store";

/** Schedules read per round trip, and occurrences posted per batch (a batch is one transaction). */
const PAGE = 200;
const PER_BATCH = 25;

export interface PostDueResult {
  posted: number;
  failed: number;
}

/**
 * Posts what is due at `now` (epoch ms). Returns how many occurrences this run posted (those
 * another run had posted are not counted) and how many could not be (a sum out of range, an
 * account archived meanwhile); those stay due and are tried again next hour.
 */
export async function postDueSchedules(db: D1Database, now: number): Promise<PostDueResult> {
  const result: PostDueResult = { posted: 0, failed: 0 };
  const from = lookbackFrom(now);
  let after = "";
  for (;;) {
    const { results: schedules } = await autoSchedulesPage(db, after, PAGE).all<ScheduleReadRow>();
    if (!schedules.length) break;
    after = schedules[schedules.length - 1]!.id;
    const [overrides, postings] = await db.batch(overridesAndPostingsOf(db, schedules.map((s) => s.id), from));
    const due = schedules.flatMap((schedule) => {
      const today = todayInZone(schedule.time_zone, now);
      return pendingOccurrences(schedule, (overrides?.results ?? []) as OverrideRow[], (postings?.results ?? []) as PostingRow[], today, today);
    });
    for (let at = 0; at < due.length; at += PER_BATCH) {
      const chunk = due.slice(at, at + PER_BATCH).map((o) => ({
        occurrence: o,
        statements: postOccurrenceStatements(db, { schedule: o.schedule, date: o.date, bookedOn: o.date, amount: o.amount, description: o.description, transactionId: uuid7(), otherId: uuid7(), transferId: crypto.randomUUID(), now }),
      }));
      try {
        const results = await db.batch(chunk.flatMap((c) => c.statements));
        let i = 0;
        for (const c of chunk) {
          if (results[i]?.meta.changes) result.posted += 1;
          i += c.statements.length;
        }
      } catch (error) {
        // One occurrence's sum out of range fails the whole batch: post them one by one, so the others still go.
        if (!isRangeError(error)) throw error;
        for (const c of chunk) {
          try {
            const [claim] = await db.batch(c.statements);
            if (claim?.meta.changes) result.posted += 1;
          } catch (single) {
            if (!isRangeError(single)) throw single;
            result.failed += 1;
          }
        }
      }
    }
    if (schedules.length < PAGE) break;
  }
  return result;
}
