import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { findRates, type FoundRate, type OfficialRateRow, type OwnRateRow, type WantedRate, resolveRate } from "../../workers/api/src/rates/lookup";
import { insertUserRate } from "../../workers/api/src/rates/store";
import { signUp } from "./helpers";

// This file's own official rates (one file, one database): BCRP publishes on business days only.
// USD from Thursday 1 Oct 2026, EUR from Friday 2 Oct; nothing on the weekend of 3–4 Oct.
const OFFICIAL: Array<[currency: string, day: string, sell: string]> = [
  ["USD", "2026-10-01", "3.701"],
  ["USD", "2026-10-02", "3.719"],
  ["USD", "2026-10-05", "3.722"],
  ["USD", "2026-10-30", "3.727"],
  ["EUR", "2026-10-02", "4.401"],
  ["EUR", "2026-10-05", "4.410"],
  ["EUR", "2026-10-30", "4.434"],
];

beforeAll(async () => {
  await env.DB.batch(
    OFFICIAL.map(([currency, day, sell]) =>
      env.DB.prepare("INSERT INTO official_rates (source, currency, day, buy, sell, fetched_at) VALUES ('bcrp', ?1, ?2, ?3, ?3, 0)").bind(currency, day, sell),
    ),
  );
});

/** `findRates` as it was before ADR 066: three statements per wanted entry, each answered by SQL alone. The yardstick the new lookup must equal. */
async function oneByOne(userId: string, wanted: readonly WantedRate[]): Promise<Array<FoundRate | null>> {
  const answers: Array<FoundRate | null> = [];
  for (const w of wanted) {
    const own = await env.DB.prepare(
      `SELECT currency, quote, rate, from_day FROM user_rates
        WHERE user_id = ?1 AND ((currency = ?2 AND quote = ?3) OR (currency = ?3 AND quote = ?2))
          AND from_day <= ?4 AND (to_day IS NULL OR to_day >= ?4)
        ORDER BY from_day DESC, updated_at DESC LIMIT 1`,
    )
      .bind(userId, w.from, w.to, w.day)
      .first<OwnRateRow>();
    const official = (currency: string) =>
      env.DB.prepare("SELECT sell, day FROM official_rates WHERE source = 'bcrp' AND currency = ?1 AND day <= ?2 ORDER BY day DESC LIMIT 1").bind(currency, w.day).first<OfficialRateRow>();
    answers.push(resolveRate(w, own ?? undefined, (await official(w.from)) ?? undefined, (await official(w.to)) ?? undefined));
  }
  return answers;
}

/** The database, counting the statements each batch sends. */
function counting(db: D1Database) {
  const batches: number[] = [];
  const wrapped = new Proxy(db, {
    get(target, key) {
      if (key === "batch") return (statements: D1PreparedStatement[]) => (batches.push(statements.length), target.batch(statements));
      const value = Reflect.get(target, key) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: wrapped, batches };
}

const days = (from: string, to: string) => {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};

describe("findRates", () => {
  it("answers a range starting on a weekend with the last rate published before it, saying which day", async () => {
    const { user } = await signUp();
    const wanted = ["2026-10-03", "2026-10-04", "2026-10-05", "2026-10-06"].map((day) => ({ from: "USD", to: "PEN", day }));
    const found = await findRates(env.DB, user.id, wanted);
    expect(found.map((f) => [f?.day, f?.shown, f?.source, f?.publishedOn])).toEqual([
      ["2026-10-03", "3.719", "bcrp", "2026-10-02"],
      ["2026-10-04", "3.719", "bcrp", "2026-10-02"],
      ["2026-10-05", "3.722", "bcrp", "2026-10-05"],
      ["2026-10-06", "3.722", "bcrp", "2026-10-05"],
    ]);
    // Through soles: EUR→USD is EUR's sell over USD's, published on the earlier of their days.
    const [cross] = await findRates(env.DB, user.id, [{ from: "EUR", to: "USD", day: "2026-10-04" }]);
    expect(cross).toMatchObject({ shown: "4.401/3.719", source: "bcrp", publishedOn: "2026-10-02", fraction: { numerator: 4401000n, denominator: 3719000n } });
  });

  it("says no rate for a day before the first one published, never a later one", async () => {
    const { user } = await signUp();
    const found = await findRates(env.DB, user.id, [
      { from: "USD", to: "PEN", day: "2026-09-30" },
      { from: "PEN", to: "USD", day: "2026-09-30" },
      // USD has a rate on the 1st, EUR not yet: the pair has none.
      { from: "EUR", to: "USD", day: "2026-10-01" },
      { from: "USD", to: "PEN", day: "2026-10-01" },
      { from: "GBP", to: "PEN", day: "2026-10-30" },
      { from: "PEN", to: "PEN", day: "2026-09-30" },
    ]);
    expect(found.map((f) => f && [f.shown, f.source, f.publishedOn])).toEqual([null, null, null, ["3.701", "bcrp", "2026-10-01"], null, ["1", "same", "2026-09-30"]]);
  });

  it("takes the user's own rate whose range holds the day, the newest start first, over the official one", async () => {
    const { user } = await signUp();
    const own = (id: string, currency: string, quote: string, from: string, to: string | null, rate: string, at: number) =>
      insertUserRate(env.DB, { id, user_id: user.id, currency, quote, from_day: from, to_day: to, rate, note: null, created_at: at });
    await env.DB.batch([
      // October at 3.70; from the 15th, open-ended, entered the other way round (dollars per sol).
      own(`${user.id}-a`, "USD", "PEN", "2026-10-01", "2026-10-31", "3.70", 1),
      own(`${user.id}-b`, "PEN", "USD", "2026-10-15", null, "0.27", 2),
      own(`${user.id}-c`, "EUR", "PEN", "2026-10-05", "2026-10-09", "4.30", 3),
      // Two starting the same day: the one saved last wins. `insertUserRate` refuses a second one
      // now, but ties saved before it, or brought by a restore, remain.
      env.DB.prepare("INSERT INTO user_rates (id, user_id, currency, quote, from_day, to_day, rate, note, created_at, updated_at) VALUES (?1, ?2, 'EUR', 'PEN', '2026-10-05', '2026-10-07', '4.35', NULL, 4, 4)").bind(`${user.id}-d`, user.id),
    ]);
    const found = await findRates(env.DB, user.id, [
      { from: "USD", to: "PEN", day: "2026-10-10" },
      { from: "USD", to: "PEN", day: "2026-10-20" },
      { from: "PEN", to: "USD", day: "2026-10-10" },
      { from: "USD", to: "PEN", day: "2026-11-05" },
      { from: "EUR", to: "PEN", day: "2026-10-06" },
      { from: "EUR", to: "PEN", day: "2026-10-08" },
      { from: "EUR", to: "PEN", day: "2026-10-12" },
    ]);
    expect(found.map((f) => f && [f.shown, f.source, f.publishedOn, `${f.fraction.numerator}/${f.fraction.denominator}`])).toEqual([
      ["3.70", "user", "2026-10-01", "370/100"],
      ["0.27", "user", "2026-10-15", "100/27"],
      ["3.70", "user", "2026-10-01", "100/370"],
      ["0.27", "user", "2026-10-15", "100/27"],
      ["4.35", "user", "2026-10-05", "435/100"],
      ["4.30", "user", "2026-10-05", "430/100"],
      ["4.410", "bcrp", "2026-10-05", "4410/1000"],
    ]);
  });

  it("sends two statements however many entries, and answers each as the old one-by-one lookup did", async () => {
    const { user } = await signUp();
    await env.DB.batch([
      insertUserRate(env.DB, { id: `${user.id}-a`, user_id: user.id, currency: "USD", quote: "PEN", from_day: "2026-10-04", to_day: "2026-10-12", rate: "3.6", note: null, created_at: 1 }),
      insertUserRate(env.DB, { id: `${user.id}-b`, user_id: user.id, currency: "EUR", quote: "USD", from_day: "2026-10-10", to_day: null, rate: "1.19", note: null, created_at: 2 }),
    ]);
    const pairs = [
      ["USD", "PEN"],
      ["PEN", "USD"],
      ["EUR", "PEN"],
      ["EUR", "USD"],
      ["USD", "EUR"],
      ["GBP", "USD"],
      ["USD", "USD"],
    ];
    const wanted = days("2026-09-28", "2026-11-03").flatMap((day) => pairs.map(([from, to]) => ({ from: from!, to: to!, day })));
    const { db, batches } = counting(env.DB);
    const found = await findRates(db, user.id, wanted);
    expect(batches).toEqual([2]);
    expect(found).toEqual(await oneByOne(user.id, wanted));
    expect(found.filter((f) => f?.source === "user")).toHaveLength(2 * 9 + 2 * 25);
    expect(found.filter((f) => f === null).length).toBeGreaterThan(0);
  });

  it("sends nothing when every entry is within one currency", async () => {
    const { user } = await signUp();
    const { db, batches } = counting(env.DB);
    expect(await findRates(db, user.id, [{ from: "PEN", to: "PEN", day: "2026-10-03" }])).toEqual([
      { from: "PEN", to: "PEN", day: "2026-10-03", fraction: { numerator: 1n, denominator: 1n }, shown: "1", source: "same", publishedOn: "2026-10-03" },
    ]);
    expect(batches).toEqual([]);
  });
});
