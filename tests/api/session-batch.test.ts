/**
 * A page's read carries the session check in its own D1 batch (ADR 026): one round trip to D1
 * instead of two once the isolate has seen the token, and never an answer for a dead session.
 *
 * The API Worker's entry is called with the real D1 binding behind a counter of round trips
 * (each `batch`, and each statement run on its own), so "one round trip" is observed, not assumed.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../workers/api/index";
import { forgetOwners } from "../../workers/api/src/sessions/middleware";
import { BASE, signUp } from "./helpers";
import { addTransaction, createAccount } from "./ledger-helpers";

/** The real D1 binding, counting the round trips made through it. */
function countingD1(db: D1Database) {
  const counter = { trips: 0 };
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        if (key === "first" || key === "all" || key === "run" || key === "raw") {
          return (...args: unknown[]) => {
            counter.trips += 1;
            return (target[key] as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        if (key === "bind") return (...args: unknown[]) => wrapStatement(target.bind(...args));
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  const wrapSession = (session: D1DatabaseSession) => ({
    prepare: (sql: string) => wrapStatement(session.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => {
      counter.trips += 1;
      return session.batch(statements.map((s) => real.get(s) ?? s));
    },
    getBookmark: () => session.getBookmark(),
  });
  const binding = { withSession: (bookmark: string) => wrapSession(db.withSession(bookmark)) } as unknown as D1Database;
  return { binding, counter };
}

async function read(path: string, token: string) {
  const { binding, counter } = countingD1(env.DB);
  const context = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const request = new Request(BASE + path, { headers: { Authorization: `Bearer ${token}` } }) as Parameters<typeof worker.fetch>[0];
  const response = await worker.fetch(request, { ...env, DB: binding }, context);
  const text = await response.text();
  return { status: response.status, body: text, trips: counter.trips };
}

async function ledger() {
  const { token, user } = await signUp();
  const account = await createAccount(token);
  await addTransaction(token, account.id, { description: "Wong San Isidro" });
  return { token, user, account };
}

const OVERVIEW = "/overview?from=2026-11-01&to=2026-11-30&include=accounts";

describe("a page's read and its session check share one D1 batch", () => {
  beforeEach(() => forgetOwners());

  it("takes one round trip for the overview once the isolate knows the token, two the first time", async () => {
    const { token } = await ledger();
    forgetOwners();
    const first = await read(OVERVIEW, token);
    expect(first.status).toBe(200);
    expect(first.trips).toBe(2);
    const again = await read(OVERVIEW, token);
    expect(again.status).toBe(200);
    expect(again.trips).toBe(1);
    expect(JSON.parse(again.body)).toEqual(JSON.parse(first.body));
    expect(JSON.parse(again.body).recent[0].description).toBe("Wong San Isidro");
  });

  it("reads the transactions page in one round trip (session, account and page together, ADR 028), two the first time", async () => {
    const { token, account } = await ledger();
    forgetOwners();
    const path = `/accounts/${account.id}/transactions?include=accounts,categories`;
    const cold = await read(path, token);
    expect(cold.trips).toBe(2);
    const warm = await read(path, token);
    expect(warm.status).toBe(200);
    expect(warm.trips).toBe(1);
    expect(JSON.parse(warm.body)).toEqual(JSON.parse(cold.body));
    expect(JSON.parse(warm.body).transactions.map((t: { description: string }) => t.description)).toEqual(["Wong San Isidro"]);
    // A text search and a date range need no account to be read: the same one batch, then one
    // more for the running balances of rows the filter did not leave side by side.
    const search = await read(`/accounts/${account.id}/transactions?q=wong&from=2020-01-01`, token);
    expect(search.status).toBe(200);
    expect(search.trips).toBe(2);
    expect(JSON.parse(search.body).transactions).toHaveLength(1);
  });

  it("reads the account first when the filters bound amounts (they are in its currency), and answers the same", async () => {
    const { token, account } = await ledger();
    await read(`/categories`, token);
    const bounded = await read(`/accounts/${account.id}/transactions?min=-1000000`, token);
    expect(bounded.status).toBe(200);
    expect(bounded.trips).toBe(3); // session and account; the page; the running balances of a filtered page
    const plain = await read(`/accounts/${account.id}/transactions`, token);
    expect(JSON.parse(bounded.body).transactions).toEqual(JSON.parse(plain.body).transactions);
    const tooPrecise = await read(`/accounts/${account.id}/transactions?min=1.234`, token);
    expect(tooPrecise.status).toBe(422);
  });

  it("answers 401 and no data when the session was revoked, even though the isolate remembers the token", async () => {
    const { token, user } = await ledger();
    expect((await read(OVERVIEW, token)).status).toBe(200);
    await env.DB.prepare("UPDATE sessions SET revoked_at = ?1 WHERE user_id = ?2").bind(Date.now(), user.id).run();
    for (const attempt of [1, 2]) {
      const refused = await read(OVERVIEW, token);
      expect(refused.status, `attempt ${attempt}`).toBe(401);
      expect(refused.body).not.toContain("Wong");
      expect(JSON.parse(refused.body).type).toBe("urn:tesoro:problem:unauthenticated");
    }
  });

  it("answers 401 when the session went idle past 30 minutes (no Remember me)", async () => {
    const { token, user, account } = await ledger();
    expect((await read(`/accounts/${account.id}/transactions`, token)).status).toBe(200);
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ?1 WHERE user_id = ?2").bind(Date.now() - 31 * 60_000, user.id).run();
    const refused = await read(`/accounts/${account.id}/transactions`, token);
    expect(refused.status).toBe(401);
    expect(refused.body).not.toContain("Wong");
  });

  it("still answers 404 for another user's account, and slides last-seen when it is due", async () => {
    const owner = await ledger();
    const stranger = await signUp();
    expect((await read(OVERVIEW, stranger.token)).status).toBe(200);
    // The page of someone else's account is read in the same batch, and never answered: 404 on
    // every path, whatever the filters or cursor (a cursor that does not fit is a 422 only for the owner).
    for (const query of ["", "?q=wong", "?min=1", "?cursor=bm90LWEtY3Vyc29y", "?min=1.234"]) {
      const other = await read(`/accounts/${owner.account.id}/transactions${query}`, stranger.token);
      expect(other.status, query).toBe(404);
      expect(other.body, query).not.toContain("Wong");
      expect(other.body, query).not.toContain("transactions");
    }
    expect((await read(`/accounts/${owner.account.id}/transactions?cursor=bm90LWEtY3Vyc29y`, owner.token)).status).toBe(422);

    const twoMinutesAgo = Date.now() - 2 * 60_000;
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ?1 WHERE user_id = ?2").bind(twoMinutesAgo, stranger.user.id).run();
    expect((await read("/categories", stranger.token)).status).toBe(200);
    const { last } = (await env.DB.prepare("SELECT MAX(last_seen_at) AS last FROM sessions WHERE user_id = ?1").bind(stranger.user.id).first<{ last: number }>())!;
    expect(last).toBeGreaterThan(twoMinutesAgo + 60_000);
  });
});
