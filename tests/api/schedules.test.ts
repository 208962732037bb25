import { createScheduledController, env } from "cloudflare:test";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../workers/api/index";
import { addDays, todayInZone } from "../../core/dates";
import { occurrences } from "../../core/schedule-rules";
import { expectedByCategory, findSchedule, postOccurrenceStatements } from "../../workers/api/src/schedules/store";
import { postDueSchedules } from "../../workers/api/src/schedules/post-due";
import { call, signUp } from "./helpers";
import { addTransaction, createAccount, expectExactBalance } from "./ledger-helpers";

const DAY = 86_400_000;
const today = () => todayInZone("America/Lima");

async function createSchedule(token: string, body: Record<string, unknown>) {
  const result = await call("/schedules", { token, body: { description: "Rent", amount: "-1500.00", kind: "monthlyDay", day: 1, start: today(), mode: "auto", ...body } });
  if (result.status !== 201) throw new Error(`schedule: ${result.status} ${JSON.stringify(result.json)}`);
  return result.json.schedule as { id: string; nextDate: string | null; amountMinor: number; currency: string };
}

async function runCron(at: number) {
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "17 * * * *" }), env);
}

/** Each posted day of a schedule, with how many transactions it made. */
async function postedDays(scheduleId: string) {
  const { results } = await env.DB.prepare(
    "SELECT p.date, (SELECT COUNT(*) FROM transactions t WHERE t.id = p.transaction_id OR (t.transfer_id IS NOT NULL AND t.transfer_id = (SELECT transfer_id FROM transactions WHERE id = p.transaction_id))) AS n FROM schedule_postings p WHERE p.schedule_id = ?1 ORDER BY p.date",
  )
    .bind(scheduleId)
    .all<{ date: string; n: number }>();
  return results;
}

describe("schedules: CRUD", () => {
  it("creates, reads, lists, edits and deletes a schedule; bad input is a 422 per field", async () => {
    const user = await signUp();
    const account = await createAccount(user.token, { openingBalance: "100.00" });
    const created = await createSchedule(user.token, { accountId: account.id, kind: "quincena", description: "Salary", amount: "2500.00", payee: "ACME SAC", estimate: true });
    expect(created.amountMinor).toBe(250000);
    expect(created.nextDate! >= today()).toBe(true);
    const one = await call(`/schedules/${created.id}`, { token: user.token });
    expect(one.status).toBe(200);
    expect(one.json.schedule).toMatchObject({ kind: "quincena", estimate: true, payee: "ACME SAC", mode: "auto" });
    expect(one.json.occurrences.length).toBeGreaterThan(3);
    for (const o of one.json.occurrences) expect(o.date.endsWith("-15") || Number(o.date.slice(8)) >= 28).toBe(true);

    const edited = await call(`/schedules/${created.id}`, { method: "PATCH", token: user.token, body: { amount: "2600.00", mode: "confirm", count: 4 } });
    expect(edited.status).toBe(200);
    expect(edited.json.schedule).toMatchObject({ amountMinor: 260000, mode: "confirm", count: 4, kind: "quincena" });
    const cleared = await call(`/schedules/${created.id}`, { method: "PATCH", token: user.token, body: { count: null } });
    expect(cleared.json.schedule.count).toBeNull();

    const bad = await call("/schedules", { token: user.token, body: { accountId: account.id, description: "", amount: "abc", kind: "monthlyDay", start: "2026-02-30", mode: "sometimes", end: "2026-01-01", count: 2 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(expect.arrayContaining(["amount", "description", "mode", "start"]));
    const noDay = await call("/schedules", { token: user.token, body: { accountId: account.id, description: "X", amount: "-1", kind: "monthlyDay", start: today(), mode: "auto" } });
    expect(noDay.status).toBe(422);
    expect(noDay.json.errors.day).toBeTruthy();
    const precision = await call("/schedules", { token: user.token, body: { accountId: account.id, description: "X", amount: "-1.001", kind: "days", start: today(), mode: "auto" } });
    expect(precision.status).toBe(422);
    expect(precision.json.errors.amount).toBeTruthy();

    const list = await call("/schedules", { token: user.token });
    expect(list.json.schedules.map((s: { id: string }) => s.id)).toEqual([created.id]);
    expect((await call(`/schedules/${created.id}`, { method: "DELETE", token: user.token })).status).toBe(204);
    expect((await call(`/schedules/${created.id}`, { token: user.token })).status).toBe(404);
  });

  it("answers another user's schedule with 404, and honours Idempotency-Key", async () => {
    const a = await signUp();
    const b = await signUp();
    const account = await createAccount(a.token);
    const key = crypto.randomUUID();
    const body = { accountId: account.id, description: "Phone", amount: "-59.90", kind: "months", start: today(), mode: "confirm" };
    const first = await call("/schedules", { token: a.token, body, headers: { "Idempotency-Key": key } });
    const again = await call("/schedules", { token: a.token, body, headers: { "Idempotency-Key": key } });
    expect(first.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.json.schedule.id).toBe(first.json.schedule.id);
    expect((await call("/schedules", { token: a.token })).json.schedules).toHaveLength(1);
    const id = first.json.schedule.id;
    expect((await call(`/schedules/${id}`, { token: b.token })).status).toBe(404);
    expect((await call(`/schedules/${id}/occurrences/${today()}/post`, { method: "POST", token: b.token })).status).toBe(404);
    // B cannot schedule into A's account either.
    const intruder = await call("/schedules", { token: b.token, body });
    expect(intruder.status).toBe(422);
    expect(intruder.json.errors.accountId).toBeTruthy();
  });
});

describe("schedules: one occurrence", () => {
  it("posts one now exactly once, skips and edits one day only, and keeps balances equal to transactions", async () => {
    const user = await signUp();
    const account = await createAccount(user.token, { openingBalance: "500.00" });
    const s = await createSchedule(user.token, { accountId: account.id, kind: "weeks", description: "Gym", amount: "-30.00", mode: "confirm" });
    const [d0, d1, d2] = occurrences({ kind: "weeks", interval: 1, start: today() }, today(), addDays(today(), 30));
    const upcoming = await call("/schedules/upcoming", { token: user.token });
    expect(upcoming.json.occurrences[0]).toMatchObject({ scheduleId: s.id, date: d0, due: true, mode: "confirm" });

    const post = (date: string, key?: string) => call(`/schedules/${s.id}/occurrences/${date}/post`, { method: "POST", token: user.token, headers: key ? { "Idempotency-Key": key } : {} });
    const key = crypto.randomUUID();
    const [p1, p2] = await Promise.all([post(d0!, key), post(d0!, key)]);
    expect([p1.status, p2.status].sort()).toContain(201);
    const third = await post(d0!);
    expect(third.status).toBe(409);
    expect(await postedDays(s.id)).toEqual([{ date: d0, n: 1 }]);

    // Edit the next one only, then skip the one after.
    const edit = await call(`/schedules/${s.id}/occurrences/${d1}`, { method: "PUT", token: user.token, body: { amount: "-45.50", description: "Gym + towel" } });
    expect(edit.status).toBe(200);
    expect(edit.json.occurrence).toMatchObject({ amountMinor: -4550, description: "Gym + towel", edited: true });
    expect((await call(`/schedules/${s.id}/occurrences/${d2}/skip`, { method: "POST", token: user.token })).status).toBe(200);
    expect((await post(d2!)).status).toBe(409);
    const next = await call(`/schedules/upcoming?accountId=${account.id}`, { token: user.token });
    const dates = next.json.occurrences.map((o: { date: string }) => o.date);
    expect(dates).not.toContain(d0);
    expect(dates).not.toContain(d2);
    // Posted ahead of its day: booked today, edited values.
    const early = await post(d1!);
    expect(early.status).toBe(201);
    const tx = await env.DB.prepare("SELECT date, amount, description FROM transactions WHERE id = ?1").bind(early.json.occurrence.transactionId).first();
    expect(tx).toEqual({ date: today(), amount: -4550, description: "Gym + towel" });
    // Undo the skip: it is upcoming again.
    expect((await call(`/schedules/${s.id}/occurrences/${d2}`, { method: "DELETE", token: user.token })).status).toBe(204);
    expect((await call(`/schedules/upcoming`, { token: user.token })).json.occurrences.map((o: { date: string }) => o.date)).toContain(d2);
    // A day that is not one of the rule's is a 404.
    expect((await post(addDays(d0!, 1))).status).toBe(404);
    expect((await post("2026-13-01")).status).toBe(404);
    expect(await expectExactBalance(user.token, account.id)).toBe(50000 - 3000 - 4550);
  });

  it("posts a transfer's two legs, in two currencies", async () => {
    const user = await signUp();
    const pen = await createAccount(user.token, { openingBalance: "1000.00" });
    const usd = await createAccount(user.token, { name: "Dollars", currency: "USD" });
    const missing = await call("/schedules", { token: user.token, body: { accountId: pen.id, toAccountId: usd.id, description: "Savings", amount: "370.00", kind: "months", start: today(), mode: "confirm" } });
    expect(missing.status).toBe(422);
    expect(missing.json.errors.toAmount).toBeTruthy();
    const s = await createSchedule(user.token, { accountId: pen.id, toAccountId: usd.id, toAmount: "100.00", description: "Savings", amount: "370.00", kind: "months", mode: "confirm" });
    const posted = await call(`/schedules/${s.id}/occurrences/${today()}/post`, { method: "POST", token: user.token });
    expect(posted.status).toBe(201);
    expect(await postedDays(s.id)).toEqual([{ date: today(), n: 2 }]);
    expect(await expectExactBalance(user.token, pen.id)).toBe(100000 - 37000);
    expect(await expectExactBalance(user.token, usd.id)).toBe(10000);
  });
});

describe("schedules: the Cron posts what is due, each day once", () => {
  afterEach(() => vi.useRealTimers());

  it("does not post the days an account rested archived once it is restored (ADR 087)", async () => {
    const user = await signUp();
    const account = await createAccount(user.token, { openingBalance: "100.00" });
    const other = await createAccount(user.token, { name: "Savings" });
    const daily = await createSchedule(user.token, { accountId: account.id, kind: "days", description: "Parking", amount: "-5.00", mode: "auto" });
    const transfer = await createSchedule(user.token, { accountId: other.id, toAccountId: account.id, kind: "days", description: "Top-up", amount: "1.00", mode: "auto" });
    const archive = (archived: boolean, token: string) => call(`/accounts/${account.id}`, { method: "PATCH", token, body: { archived } });
    expect((await archive(true, user.token)).status).toBe(200);
    // Five days later (signed in again) the account is restored, and the Cron runs.
    const later = Date.now() + 5 * DAY;
    vi.useFakeTimers({ now: later, toFake: ["Date"] });
    const restoredOn = todayInZone("America/Lima", later);
    await runCron(later);
    expect(await postedDays(daily.id)).toEqual([]);
    const { token } = (await call("/auth/login", { body: { email: user.email, password: user.password } })).json;
    expect((await archive(false, token)).status).toBe(200);
    await runCron(later + 60_000);
    // From the restore's day on, on either side of a transfer: not the five days it rested.
    expect(await postedDays(daily.id)).toEqual([{ date: restoredOn, n: 1 }]);
    expect(await postedDays(transfer.id)).toEqual([{ date: restoredOn, n: 2 }]);
    expect(await expectExactBalance(token, account.id)).toBe(10000 - 500 + 100);
  });

  it("posts due days of 'auto' schedules on the user's day, twice run and retried, and leaves 'to confirm' ones", async () => {
    const user = await signUp();
    const account = await createAccount(user.token, { openingBalance: "100.00" });
    const auto = await createSchedule(user.token, { accountId: account.id, kind: "days", interval: 2, description: "Parking", amount: "-5.00", mode: "auto" });
    const confirm = await createSchedule(user.token, { accountId: account.id, kind: "days", description: "Coffee", amount: "-8.00", mode: "confirm" });
    // Eight days on, at 04:30 UTC: still the day before in Lima (UTC−5).
    const utcDay = new Date().toISOString().slice(0, 10);
    const at = Date.parse(`${addDays(utcDay, 8)}T04:30:00Z`);
    const limaDay = todayInZone("America/Lima", at);
    expect(limaDay).toBe(addDays(utcDay, 7));
    const expected = occurrences({ kind: "days", interval: 2, start: today() }, today(), limaDay);

    await runCron(at);
    await runCron(at);
    await Promise.all([runCron(at + 60_000), runCron(at + 120_000)]);
    // A retry of one day's batch with new ids (a run that died after writing, tried again): nothing more.
    const row = (await findSchedule(env.DB, user.user.id, auto.id))!;
    const again = await env.DB.batch(postOccurrenceStatements(env.DB, { schedule: row, date: expected[0]!, bookedOn: expected[0]!, amount: row.amount, description: row.description, transactionId: crypto.randomUUID(), otherId: crypto.randomUUID(), transferId: crypto.randomUUID(), now: Date.now() }));
    expect(again.map((r) => r.meta.changes)).toEqual([0, 0]);
    expect((await postDueSchedules(env.DB, at)).posted).toBe(0);

    expect(await postedDays(auto.id)).toEqual(expected.map((date) => ({ date, n: 1 })));
    expect(await postedDays(confirm.id)).toEqual([]);
    const upcoming = await call("/schedules/upcoming", { token: user.token });
    expect(upcoming.json.occurrences[0]).toMatchObject({ scheduleId: confirm.id, due: true });
    expect(await expectExactBalance(user.token, account.id)).toBe(10000 - 500 * expected.length);
  });

  it("posts each date once whatever the runs, retries, posts and skips (property)", { timeout: 120_000 }, async () => {
    const user = await signUp();
    const account = await createAccount(user.token, { openingBalance: "0.00" });
    const base = Date.now();
    const action = fc.oneof(
      fc.record({ kind: fc.constant("run" as const), days: fc.integer({ min: 0, max: 20 }), hour: fc.integer({ min: 0, max: 23 }) }),
      fc.record({ kind: fc.constant("parallel" as const), days: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ kind: fc.constant("post" as const), nth: fc.integer({ min: 0, max: 8 }) }),
      fc.record({ kind: fc.constant("skip" as const), nth: fc.integer({ min: 0, max: 8 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("days", "weeks", "quincena"), fc.array(action, { minLength: 1, maxLength: 6 }), async (kind, actions) => {
        const s = await createSchedule(user.token, { accountId: account.id, kind, description: `P ${kind}`, amount: "-1.00", mode: "auto" });
        const days = occurrences({ kind, interval: 1, start: today() }, today(), addDays(today(), 60));
        let latest = 0;
        for (const a of actions) {
          if (a.kind === "run" || a.kind === "parallel") {
            const at = base + a.days * DAY + (a.kind === "run" ? a.hour * 3600_000 : 0);
            latest = Math.max(latest, at);
            await (a.kind === "run" ? runCron(at) : Promise.all([runCron(at), runCron(at)]));
          } else await call(`/schedules/${s.id}/occurrences/${days[a.nth]}/${a.kind}`, { method: "POST", token: user.token });
        }
        const posted = await postedDays(s.id);
        expect(new Set(posted.map((p) => p.date)).size).toBe(posted.length);
        for (const p of posted) expect(p.n).toBe(1);
        const skipped = await env.DB.prepare("SELECT date FROM schedule_overrides WHERE schedule_id = ?1 AND skip = 1").bind(s.id).all<{ date: string }>();
        for (const { date } of skipped.results) expect(posted.map((p) => p.date)).not.toContain(date);
        // And every day due by the latest run (in Lima), not skipped, was posted.
        const dueBy = latest ? todayInZone("America/Lima", latest) : "";
        const skippedDays = skipped.results.map((r) => r.date);
        for (const date of days.filter((d) => d <= dueBy && !skippedDays.includes(d))) expect(posted.map((p) => p.date)).toContain(date);
        await expectExactBalance(user.token, account.id);
      }),
      { numRuns: 12 },
    );
  });
});

describe("schedules: expected amounts for budgets", () => {
  it("sums unposted, unskipped occurrences per category in a range and currency", async () => {
    const user = await signUp();
    const account = await createAccount(user.token);
    const usd = await createAccount(user.token, { name: "USD", currency: "USD" });
    const categories = (await call("/categories", { token: user.token })).json.categories as Array<{ id: string }>;
    const category = categories[0]!.id;
    const s = await createSchedule(user.token, { accountId: account.id, kind: "weeks", description: "Market", amount: "-100.00", categoryId: category, mode: "confirm" });
    await createSchedule(user.token, { accountId: usd.id, kind: "weeks", description: "Dollar thing", amount: "-1.00", categoryId: category, mode: "confirm" });
    const to = addDays(today(), 27);
    const all = occurrences({ kind: "weeks", interval: 1, start: today() }, today(), to);
    expect(all).toHaveLength(4);
    await call(`/schedules/${s.id}/occurrences/${all[0]}/post`, { method: "POST", token: user.token });
    await call(`/schedules/${s.id}/occurrences/${all[1]}/skip`, { method: "POST", token: user.token });
    await call(`/schedules/${s.id}/occurrences/${all[2]}`, { method: "PUT", token: user.token, body: { amount: "-150.00" } });
    expect(await expectedByCategory(env.DB, user.user.id, "PEN", today(), to)).toEqual([{ categoryId: category, expectedMinor: -15000 - 10000 }]);
    expect(await expectedByCategory(env.DB, user.user.id, "USD", today(), to)).toEqual([{ categoryId: category, expectedMinor: -400 }]);
  });
});

describe("schedules: found for you", () => {
  it("suggests a monthly salary and a weekly charge with steady amounts, and forgets a dismissed one", async () => {
    const user = await signUp();
    const account = await createAccount(user.token);
    const t = today();
    for (let m = 1; m <= 4; m += 1) {
      const monthAgo = addDays(t, -30 * m);
      await addTransaction(user.token, account.id, { date: `${monthAgo.slice(0, 8)}28`, description: "Sueldo ACME", amount: String(3000 + m * 10) });
      // Different each time: no suggestion.
      await addTransaction(user.token, account.id, { date: addDays(t, -30 * m + 3), description: "Tambo", amount: String(-10 * m * m) });
    }
    for (let w = 1; w <= 5; w += 1) await addTransaction(user.token, account.id, { date: addDays(t, -7 * w), description: "Netflix", payee: "Netflix", amount: "-44.90" });
    const found = await call("/schedules/suggestions", { token: user.token });
    expect(found.status).toBe(200);
    const byName = Object.fromEntries(found.json.suggestions.map((s: { description: string }) => [s.description, s]));
    expect(byName["Sueldo ACME"]).toMatchObject({ kind: "monthlyDay", day: 31, estimate: true, currency: "PEN" });
    expect(byName["Netflix"]).toMatchObject({ kind: "weeks", interval: 1, amountMinor: -4490, estimate: false });
    expect(byName["Tambo"]).toBeUndefined();
    const dismiss = await call("/schedules/suggestions/dismiss", { token: user.token, body: { key: byName["Netflix"].key } });
    expect(dismiss.status).toBe(200);
    const after = (await call("/schedules/suggestions", { token: user.token })).json.suggestions.map((s: { description: string }) => s.description);
    expect(after).toEqual(["Sueldo ACME"]);
    // Accepting makes a schedule: then it is no longer suggested.
    const s = byName["Sueldo ACME"];
    await createSchedule(user.token, { accountId: s.accountId, description: s.description, amount: s.amount, kind: s.kind, day: s.day, start: s.start, estimate: s.estimate });
    expect((await call("/schedules/suggestions", { token: user.token })).json.suggestions).toEqual([]);
  });
});

describe("schedules: include=upcoming", () => {
  it("answers the next occurrences inside the overview's and an account list's one call", async () => {
    const user = await signUp();
    const a = await createAccount(user.token);
    const b = await createAccount(user.token, { name: "Other" });
    await createSchedule(user.token, { accountId: a.id, kind: "weeks", description: "Weekly A", amount: "-5.00", mode: "confirm" });
    await createSchedule(user.token, { accountId: b.id, kind: "months", description: "Monthly B", amount: "-9.00", mode: "auto", start: addDays(today(), 3) });
    const overview = await call(`/overview?from=${today()}&to=${today()}&include=accounts,upcoming`, { token: user.token });
    expect(overview.status).toBe(200);
    expect(overview.json.upcoming.today).toBe(today());
    expect(overview.json.upcoming.occurrences[0]).toMatchObject({ description: "Weekly A", due: true, mode: "confirm" });
    expect(overview.json.upcoming.occurrences.map((o: { description: string }) => o.description)).toContain("Monthly B");
    const list = await call(`/accounts/${b.id}/transactions?include=upcoming`, { token: user.token });
    expect(list.status).toBe(200);
    expect(list.json.upcoming.occurrences.map((o: { description: string }) => o.description)).toEqual(["Monthly B"]);
    expect((await call(`/overview?from=${today()}&to=${today()}&include=budgetz`, { token: user.token })).status).toBe(422);

    await createSchedule(user.token, { accountId: a.id, toAccountId: b.id, kind: "months", description: "Ahorro", amount: "50.00" });
    // An archived account's schedules are not posted, so they are not upcoming either (ADR 086).
    expect((await call(`/accounts/${b.id}`, { method: "PATCH", token: user.token, body: { archived: true } })).status).toBe(200);
    const after = await call(`/overview?from=${today()}&to=${today()}&include=upcoming`, { token: user.token });
    expect(after.json.upcoming.occurrences.map((o: { description: string }) => o.description)).not.toContain("Monthly B");
    expect(after.json.upcoming.occurrences[0]).toMatchObject({ description: "Weekly A" });
    expect((await call("/schedules/upcoming", { token: user.token })).json.occurrences.map((o: { description: string }) => o.description)).not.toContain("Monthly B");
    // The list names what pauses it (ADR 087); a transfer is paused by either of its accounts.
    const paused = (list: Array<{ description: string; pausedBy: string | null }>) => Object.fromEntries(list.map((s) => [s.description, s.pausedBy]));
    expect(paused((await call("/schedules", { token: user.token })).json.schedules)).toEqual({ "Weekly A": null, "Monthly B": "Other", Ahorro: "Other" });
    // Restored, they are back.
    expect((await call(`/accounts/${b.id}`, { method: "PATCH", token: user.token, body: { archived: false } })).status).toBe(200);
    expect((await call("/schedules/upcoming", { token: user.token })).json.occurrences.map((o: { description: string }) => o.description)).toContain("Monthly B");
    expect(paused((await call("/schedules", { token: user.token })).json.schedules)).toEqual({ "Weekly A": null, "Monthly B": null, Ahorro: null });
  });
});
