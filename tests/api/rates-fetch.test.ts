import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/api/index";
import { fixtureProvider, RECORDED_BCRP_ANSWER } from "../../workers/api/src/rates/fixture-provider";
import { refreshOfficialRates } from "../../workers/api/src/rates/refresh";

const HOUR = 3600_000;
/** Saturday 28 Nov 2026, 15:00 in Lima (UTC-5): BCRP's last business day is Friday the 27th. */
const SATURDAY_AFTERNOON = Date.parse("2026-11-28T20:00:00Z");

async function count(sql: string): Promise<number> {
  return (await env.DB.prepare(sql).first<{ n: number }>())!.n;
}

// One file, one database: the tests run in order, from an empty official_rates.
describe("the daily fetch of official rates", () => {
  it("refuses a malformed answer and stores nothing of it, even its well-formed days", async () => {
    const html = fixtureProvider("<html><body>Request Rejected</body></html>");
    expect(await refreshOfficialRates(env, SATURDAY_AFTERNOON, html)).toEqual({ outcome: "refused", stored: 0 });
    const answer = JSON.parse(RECORDED_BCRP_ANSWER) as { periods: Array<{ name: string; values: string[] }> };
    answer.periods[answer.periods.length - 1]!.values[1] = "3.745.1";
    const oneBadValue = fixtureProvider(JSON.stringify(answer));
    expect(await refreshOfficialRates(env, SATURDAY_AFTERNOON + 4 * HOUR, oneBadValue)).toEqual({ outcome: "refused", stored: 0 });
    expect(await count("SELECT COUNT(*) AS n FROM official_rates")).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM rate_fetches WHERE outcome = 'refused'")).toBe(2);
  });

  it("waits three hours after a try before asking again", async () => {
    const asked: string[] = [];
    const spy = { source: "bcrp", fetchRange: async (from: string, to: string) => (asked.push(`${from}/${to}`), []) };
    expect((await refreshOfficialRates(env, SATURDAY_AFTERNOON + 5 * HOUR, spy)).outcome).toBe("waiting");
    expect(asked).toEqual([]);
  });

  it("stores what the recorded answer (the local double) publishes, from the hourly cron", async () => {
    await env.DB.prepare("DELETE FROM rate_fetches").run();
    await worker.scheduled(createScheduledController({ scheduledTime: SATURDAY_AFTERNOON, cron: "17 * * * *" }), env);
    expect(await count("SELECT COUNT(*) AS n FROM official_rates WHERE source = 'bcrp'")).toBe(88);
    const friday = await env.DB.prepare("SELECT buy, sell FROM official_rates WHERE currency = 'USD' AND day = '2026-11-27'").first();
    expect(friday).toEqual({ buy: "3.741", sell: "3.745" });
    expect(await count("SELECT COUNT(*) AS n FROM official_rates WHERE day = '2026-10-08'")).toBe(0);
  });

  it("asks once a day: not again once the day's rates are stored, and in the morning only to catch up", async () => {
    const asked: string[] = [];
    const spy = { source: "bcrp", fetchRange: async (from: string, to: string) => (asked.push(`${from}/${to}`), []) };
    // Friday evening in Lima: Friday's rates are stored.
    expect((await refreshOfficialRates(env, Date.parse("2026-11-28T01:00:00Z"), spy)).outcome).toBe("fresh");
    // Monday 9:00 in Lima, Friday's stored: BCRP publishes Monday's after lunch.
    await env.DB.prepare("DELETE FROM rate_fetches").run();
    expect((await refreshOfficialRates(env, Date.parse("2026-11-30T14:00:00Z"), spy)).outcome).toBe("waiting");
    expect(asked).toEqual([]);
    // Monday 14:00: asked, re-reading the last week (a revised figure is written again).
    expect((await refreshOfficialRates(env, Date.parse("2026-11-30T19:00:00Z"), spy)).outcome).toBe("stored");
    expect(asked).toEqual(["2026-11-20/2026-11-30"]);
  });

  it("never stores a day that has not begun in Lima", async () => {
    const answer = JSON.parse(RECORDED_BCRP_ANSWER) as { periods: Array<{ name: string; values: string[] }> };
    answer.periods.push({ name: "01.Dic.26", values: ["3.700", "3.702", "4.200", "4.300"] });
    await env.DB.prepare("DELETE FROM rate_fetches").run();
    const result = await refreshOfficialRates(env, Date.parse("2026-11-30T20:00:00Z"), fixtureProvider(JSON.stringify(answer)));
    expect(result.outcome).toBe("stored");
    expect(await count("SELECT COUNT(*) AS n FROM official_rates WHERE day = '2026-12-01'")).toBe(0);
  });
});
