/**
 * The API Worker: Hono over D1 (receipts in R2), mounted under API_BASE_PATH (default /api/v1).
 * The app Worker reaches it by service binding and proxies the same path to the public.
 */
import { createApi } from "./src/app";
import { BOOKMARK_HEADER, bookmarkFrom, openSession, sessionAsDatabase } from "./src/platform/d1-session";
import type { ApiEnv } from "./src/platform/env";
import { sendPendingNotices } from "./src/notices/notices";
import { devMail } from "./src/system/dev-mail";
import { sweep } from "./src/system/store";
import { sweepExpiredDrafts } from "./src/import/drafts";
import { refreshOfficialRates } from "./src/rates/refresh";
import { postDueSchedules } from "./src/schedules/post-due";

const apis = new Map<string, ReturnType<typeof createApi>>();

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/_dev/mail.json") return devMail(env, url);
    const basePath = env.API_BASE_PATH || "/api/v1";
    let api = apis.get(basePath);
    if (!api) apis.set(basePath, (api = createApi(basePath)));
    // One D1 session per request, continuing from the caller's bookmark.
    const session = openSession(env.DB, bookmarkFrom(request));
    const answer = await api.fetch(request, { ...env, DB: sessionAsDatabase(session) }, ctx);
    const bookmark = session.getBookmark();
    if (!bookmark) return answer;
    // Hono's own responses have mutable headers; copying the response would turn its buffered
    // body into a stream the caller must pump across isolates.
    try {
      answer.headers.set(BOOKMARK_HEADER, bookmark);
      return answer;
    } catch {
      const response = new Response(answer.body, answer);
      response.headers.set(BOOKMARK_HEADER, bookmark);
      return response;
    }
  },

  /**
   * The hourly cron (`[triggers]` in wrangler.toml): rate-limit windows older than a day and
   * sign-in lockouts long over are dropped. Nothing else removes them, and both tables gain rows
   * from anyone on the internet (a sign-in with any email writes one). Security notices the mail
   * provider has not taken yet are sent again (ADR 034). Draft imports past their 24 hours go
   * with their files (ADR 047). Official exchange rates are fetched once a day (ADR 056), and due scheduled transactions
   * are posted (ADR 058).
   */
  async scheduled(controller, env) {
    const now = controller.scheduledTime;
    // Due schedules first (people see them); each job runs even when one before it fails, and
    // the run still fails afterwards so the Cron's log shows it.
    const jobs = [
      () => postDueSchedules(env.DB, now),
      () => sweep(env.DB, now),
      () => sweepExpiredDrafts(env.DB, env.RECEIPTS, now),
      () => sendPendingNotices(env, now),
      () => refreshOfficialRates(env, now),
    ];
    const failures: unknown[] = [];
    for (const job of jobs) {
      try {
        await job();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, `${failures.length} scheduled job(s) failed`);
  },
} satisfies ExportedHandler<ApiEnv>;
