import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/api/index";

const HOUR = 3600_000;

async function keys(sql: string): Promise<string[]> {
  const { results } = await env.DB.prepare(sql).all<{ k: string }>();
  return results.map((row) => row.k).sort();
}

describe("the hourly cron", () => {
  it("drops rate-limit windows older than a day and lockouts long over, and keeps the rest", async () => {
    const now = Date.now();
    const tag = crypto.randomUUID().slice(0, 8);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 3), (?3, ?4, 3)").bind(`old-${tag}`, now - 25 * HOUR, `recent-${tag}`, now - HOUR),
      env.DB.prepare("INSERT INTO login_failures (email_hash, failures, first_failed_at, locked_until) VALUES (?1, 5, ?2, ?3), (?4, 5, ?5, ?6), (?7, 2, ?8, NULL)").bind(
        `ended-${tag}`,
        now - 25 * HOUR,
        now - 24 * HOUR,
        `locked-${tag}`,
        now - 25 * HOUR,
        now + HOUR, // an old count whose lock still runs is kept
        `counting-${tag}`,
        now - HOUR,
      ),
    ]);
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "17 * * * *" }), env);
    expect(await keys(`SELECT key AS k FROM rate_limits WHERE key LIKE '%-${tag}'`)).toEqual([`recent-${tag}`]);
    expect(await keys(`SELECT email_hash AS k FROM login_failures WHERE email_hash LIKE '%-${tag}'`)).toEqual([`counting-${tag}`, `locked-${tag}`]);
  });
});
