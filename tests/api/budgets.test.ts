import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, todayInZone } from "../../core/dates";
import { periodOf, type PeriodKind, type Rollover } from "../../core/budget-periods";
import { call, signUp } from "./helpers";
import { addTransaction, createAccount } from "./ledger-helpers";
import { BUDGETS_SPENDING_SQL, SPENDING_SQL } from "../../workers/api/src/budgets/store";

type Category = { id: string; name: string; kind: string };

async function setup() {
  const user = await signUp();
  const soles = await createAccount(user.token, { name: "BCP", currency: "PEN" });
  const dollars = await createAccount(user.token, { name: "IBK", currency: "USD" });
  const categories = (await call("/categories", { token: user.token })).json.categories as Category[];
  const byName = (name: string) => categories.find((c) => c.name === name)!.id;
  return { ...user, soles, dollars, categories, byName };
}

async function createBudget(token: string, body: Record<string, unknown>) {
  const result = await call("/budgets", { token, body: { name: "Casa", currency: "PEN", period: "monthly", ...body } });
  expect(result.status, JSON.stringify(result.json)).toBe(201);
  return result.json.budget as { id: string; lines: Array<{ id: string; categoryId: string | null; amountMinor: number; rollover: string }> };
}

async function putLines(token: string, budgetId: string, lines: unknown[]) {
  const result = await call(`/budgets/${budgetId}/lines`, { method: "PUT", token, body: { lines } });
  expect(result.status, JSON.stringify(result.json)).toBe(200);
  return result.json.budget;
}

describe("budgets CRUD", () => {
  it("creates, lists, renames, sets lines, copies lines into a new budget, and deletes", async () => {
    const { token, byName } = await setup();
    const budget = await createBudget(token, { period: "quincena", startsOn: "2026-11-01" });
    const withLines = await putLines(token, budget.id, [
      { categoryId: byName("Groceries"), amount: "500.00", rollover: "unspent" },
      { categoryId: null, amount: "200", rollover: "none" },
    ]);
    expect(withLines.lines.map((l: { amountMinor: number; rollover: string }) => [l.amountMinor, l.rollover])).toEqual([
      [50000, "unspent"],
      [20000, "none"],
    ]);
    const renamed = await call(`/budgets/${budget.id}`, { method: "PATCH", token, body: { name: "Hogar", period: "payCycle", cycleDay: 31 } });
    expect(renamed.status).toBe(200);
    expect(renamed.json.budget).toMatchObject({ name: "Hogar", period: "payCycle", cycleDay: 31 });
    const copy = await createBudget(token, { name: "Copia", copyFrom: budget.id });
    expect(copy.lines.map((l) => [l.categoryId, l.amountMinor])).toEqual([
      [byName("Groceries"), 50000],
      [null, 20000],
    ]);
    // Into another currency: the lines and their rollover, the amounts at 0 to fill in (S/ 500 is not US$ 500).
    const dollars = await createBudget(token, { name: "Dólares", currency: "USD", copyFrom: budget.id });
    expect(dollars.lines.map((l) => [l.categoryId, l.amountMinor, l.rollover])).toEqual([
      [byName("Groceries"), 0, "unspent"],
      [null, 0, "none"],
    ]);
    expect((await call(`/budgets/${dollars.id}`, { method: "DELETE", token })).status).toBe(204);
    const list = await call("/budgets", { token });
    expect(list.json.budgets.map((b: { name: string }) => b.name)).toEqual(["Hogar", "Copia"]);
    expect((await call(`/budgets/${budget.id}`, { method: "DELETE", token })).status).toBe(204);
    expect((await call(`/budgets/${budget.id}`, { token })).status).toBe(404);
    expect((await call("/budgets", { token })).json.budgets).toHaveLength(1);
  });

  it("refuses bad input per field, in the user's language, and saves nothing", async () => {
    const { token, byName } = await setup();
    const bad = await call("/budgets", { token, body: { name: "", currency: "XXX", period: "weekly", cycleDay: 40 }, headers: { "Accept-Language": "es" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["currency", "cycleDay", "name", "period"]);
    expect(bad.json.errors.period[0]).toBe("Elige mensual, quincena o ciclo de pago.");
    const budget = await createBudget(token, {});
    const income = byName("Income");
    const lines = await call(`/budgets/${budget.id}/lines`, {
      method: "PUT",
      token,
      body: { lines: [{ categoryId: income, amount: "1.00" }, { categoryId: byName("Dining"), amount: "1.005" }, { categoryId: byName("Health"), amount: "3" }] },
    });
    expect(lines.status).toBe(422);
    expect(Object.keys(lines.json.errors).sort()).toEqual(["lines.0.categoryId", "lines.1.amount"]);
    // A negative amount (a minus sign or brackets) is refused by the schema the form shares, with its own message.
    const negative = await call(`/budgets/${budget.id}/lines`, {
      method: "PUT",
      token,
      body: { lines: [{ categoryId: byName("Dining"), amount: "-3" }, { categoryId: byName("Health"), amount: "(4.50)" }, { categoryId: null, amount: "tres" }] },
      headers: { "Accept-Language": "es" },
    });
    expect(negative.status).toBe(422);
    expect(negative.json.errors).toEqual({
      "lines.0.amount": ["Un monto para gastar no puede ser negativo."],
      "lines.1.amount": ["Un monto para gastar no puede ser negativo."],
      "lines.2.amount": ["Ingresa el monto en cifras, como 1234."],
    });
    const duplicate = await call(`/budgets/${budget.id}/lines`, { method: "PUT", token, body: { lines: [{ categoryId: null, amount: "1" }, { categoryId: null, amount: "2" }] } });
    expect(duplicate.status).toBe(422);
    expect((await call(`/budgets/${budget.id}`, { token })).json.budget.lines).toEqual([]);
    const copy = await call("/budgets", { token, body: { name: "X", currency: "PEN", period: "monthly", copyFrom: crypto.randomUUID() } });
    expect(copy.status).toBe(422);
    expect(Object.keys(copy.json.errors)).toEqual(["copyFrom"]);
  });

  it("replays a write with the same Idempotency-Key instead of creating twice", async () => {
    const { token } = await setup();
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const first = await call("/budgets", { token, headers, body: { name: "Una vez", currency: "PEN", period: "monthly" } });
    const again = await call("/budgets", { token, headers, body: { name: "Una vez", currency: "PEN", period: "monthly" } });
    expect(first.status).toBe(201);
    expect(again.json.budget.id).toBe(first.json.budget.id);
    expect((await call("/budgets", { token })).json.budgets).toHaveLength(1);
  });
});

describe("GET /budgets/{id}/report", () => {
  it("sums spending per line (refunds reduce it, transfers and income do not count), carries rollover, and converts other currencies at their day's rate", async () => {
    const { token, user, soles, dollars, byName } = await setup();
    const groceries = byName("Groceries");
    const dining = byName("Dining");
    const budget = await createBudget(token, { startsOn: "2026-09-15" });
    await putLines(token, budget.id, [
      { categoryId: groceries, amount: "500.00", rollover: "all" },
      { categoryId: dining, amount: "100.00", rollover: "unspent" },
      { categoryId: null, amount: "50.00", rollover: "none" },
    ]);
    // September: groceries 600 (100 over, carried as −100), dining 40 (60 left, carried).
    await addTransaction(token, soles.id, { date: "2026-08-31", description: "Antes del inicio", amount: "-1000.00", categoryId: groceries });
    await addTransaction(token, soles.id, { date: "2026-09-20", description: "Wong", amount: "-600.00", categoryId: groceries });
    await addTransaction(token, soles.id, { date: "2026-09-21", description: "Chifa", amount: "-40.00", categoryId: dining });
    // October: groceries 300 (−100 + 500 − 300 = 100 carried), dining 200 (over: carries nothing).
    await addTransaction(token, soles.id, { date: "2026-10-02", description: "Tottus", amount: "-300.00", categoryId: groceries });
    await addTransaction(token, soles.id, { date: "2026-10-30", description: "Cena", amount: "-200.00", categoryId: dining });
    // November: groceries 150 − 20 refund; uncategorized 30 and a transfer (not spending); income not spending.
    await addTransaction(token, soles.id, { date: "2026-11-03", description: "Wong", amount: "-150.00", categoryId: groceries });
    await addTransaction(token, soles.id, { date: "2026-11-04", description: "Devolución", amount: "20.00", categoryId: groceries });
    await addTransaction(token, soles.id, { date: "2026-11-05", description: "Varios", amount: "-30.00" });
    await addTransaction(token, soles.id, { date: "2026-11-06", description: "Bono", amount: "99.00", categoryId: byName("Income") });
    expect((await call("/transfers", { token, body: { fromAccountId: soles.id, toAccountId: dollars.id, amount: "10.00", toAmount: "2.70", date: "2026-11-07" } })).status).toBe(201);
    // Dollars: one with a user rate (3.75), one without any rate on its day.
    await env.DB.prepare("INSERT INTO user_rates (id, user_id, currency, quote, rate, from_day, to_day, created_at, updated_at) VALUES ('r1', ?1, 'USD', 'PEN', '3.75', '2026-11-08', '2026-11-08', 0, 0)").bind(user.id).run();
    await addTransaction(token, dollars.id, { date: "2026-11-08", description: "Amazon", amount: "-10.00", categoryId: groceries });
    await addTransaction(token, dollars.id, { date: "2026-11-09", description: "Netflix", amount: "-15.99", categoryId: dining });

    const { status, json } = await call(`/budgets/${budget.id}/report?period=2026-11-15`, { token });
    expect(status).toBe(200);
    expect(json.period).toEqual({ start: "2026-11-01", end: "2026-11-30" });
    expect(json.previous).toEqual({ start: "2026-10-01", end: "2026-10-31" });
    expect(json.next).toEqual({ start: "2026-12-01", end: "2026-12-31" });
    const lines = json.lines.map((l: Record<string, unknown>) => [l.categoryId, l.budgetedMinor, l.carriedMinor, l.spentMinor, l.leftMinor, l.over, l.expectedMinor]);
    expect(lines).toEqual([
      [groceries, 50000, 10000, 13000 + 3750, 50000 + 10000 - 16750, false, 0],
      [dining, 10000, 0, 0, 10000, false, 0],
      [null, 5000, 0, 3000, 2000, false, 0],
    ]);
    expect(json.unconverted).toEqual({ period: 1, before: 0 });
    // The Amazon dollars (a rate for its day) are converted: the page says so. The transfer is not spending.
    expect(json.converted).toBe(1);
    expect(json.totals).toMatchObject({ currency: "PEN", budgetedMinor: 65000, spentMinor: 19750, leftMinor: 65000 + 10000 - 19750 });

    const october = await call(`/budgets/${budget.id}/report?period=2026-10-01`, { token });
    expect(october.json.lines.map((l: { carriedMinor: number; spentMinor: number; over: boolean }) => [l.carriedMinor, l.spentMinor, l.over])).toEqual([
      [-10000, 30000, false],
      [6000, 20000, true],
      [0, 0, false],
    ]);
  });

  it("says the current period's days left and left per day in the user's time zone", async () => {
    const { token, user, byName } = await setup();
    await env.DB.prepare("UPDATE users SET time_zone = 'Pacific/Kiritimati' WHERE id = ?1").bind(user.id).run();
    const budget = await createBudget(token, { period: "quincena" });
    await putLines(token, budget.id, [{ categoryId: byName("Dining"), amount: "100.00" }]);
    const today = todayInZone("Pacific/Kiritimati");
    const { json } = await call(`/budgets/${budget.id}/report`, { token });
    expect(json.today).toBe(today);
    expect(json.current).toBe(true);
    const period = periodOf({ kind: "quincena", cycleDay: 1 }, today);
    expect(json.period).toEqual(period);
    const days = Math.round((Date.parse(period.end) - Date.parse(today)) / 86400000) + 1;
    expect(json.daysLeft).toBe(days);
    expect(json.lines[0].leftPerDayMinor).toBe(Math.floor(10000 / days));
  });

  it("counts from its start day: nothing before it, a day before it reports its first period, and a new budget counts its whole period (ADR 077)", async () => {
    const { token, soles, byName } = await setup();
    const dining = byName("Dining");
    const groceries = byName("Groceries");
    const budget = await createBudget(token, { startsOn: "2026-09-15" });
    await putLines(token, budget.id, [{ categoryId: dining, amount: "100.00", rollover: "unspent" }]);
    await addTransaction(token, soles.id, { date: "2026-09-14", description: "Antes", amount: "-50.00", categoryId: dining });
    await addTransaction(token, soles.id, { date: "2026-09-15", description: "Desde", amount: "-30.00", categoryId: dining });
    const september = (await call(`/budgets/${budget.id}/report?period=2026-09-30`, { token })).json;
    expect(september.period).toEqual({ start: "2026-09-01", end: "2026-09-30" });
    // The first period counts from the 15th and has no period before it to go to.
    expect(september).toMatchObject({ countsFrom: "2026-09-15", previous: null });
    expect(september.lines[0]).toMatchObject({ spentMinor: 3000, leftMinor: 7000 });
    // August is before the budget: its report is September's.
    expect((await call(`/budgets/${budget.id}/report?period=2026-08-10`, { token })).json).toEqual(september);
    const october = (await call(`/budgets/${budget.id}/report?period=2026-10-01`, { token })).json;
    expect(october.lines[0]).toMatchObject({ carriedMinor: 7000 });
    expect(october).toMatchObject({ countsFrom: "2026-10-01", previous: { start: "2026-09-01", end: "2026-09-30" } });

    // Without a start day, a budget counts from the first day of today's period.
    const today = todayInZone("America/Lima");
    const plain = await createBudget(token, { period: "quincena" });
    expect((await call(`/budgets/${plain.id}`, { token })).json.budget.startsOn).toBe(periodOf({ kind: "quincena", cycleDay: 1 }, today).start);

    // One that starts in a later month opens on that month: today's spending is not its, and the
    // schedules due then are expected. The schedule starts on that month's first day, past the
    // days the first batch reads (today ± 32): only the second read finds it.
    const startsOn = periodOf({ kind: "monthly", cycleDay: 1 }, addDays(today, 70)).start;
    const later = await createBudget(token, { name: "Viaje", startsOn });
    await putLines(token, later.id, [{ categoryId: groceries, amount: "500.00" }]);
    await addTransaction(token, soles.id, { date: today, description: "Hoy", amount: "-20.00", categoryId: groceries });
    const due = await call("/schedules", { token, body: { kind: "monthlyDay", day: 28, start: startsOn, mode: "confirm", accountId: soles.id, description: "Mercado", amount: "-120.00", categoryId: groceries } });
    expect(due.status, JSON.stringify(due.json)).toBe(201);
    const first = (await call(`/budgets/${later.id}/report`, { token })).json;
    expect(first.period).toEqual(periodOf({ kind: "monthly", cycleDay: 1 }, startsOn));
    expect(first).toMatchObject({ current: false, daysLeft: 0 });
    expect(first.lines[0]).toMatchObject({ spentMinor: 0, expectedMinor: 12000, leftMinor: 50000 });

    // One that starts tomorrow, inside the period that holds today (a pay cycle that began today):
    // today's period is its first, current, and the overview's card says it has not begun.
    const tomorrow = addDays(today, 1);
    const soon = await createBudget(token, { name: "Pronto", period: "payCycle", cycleDay: Number(today.slice(8)), startsOn: tomorrow });
    const soonReport = (await call(`/budgets/${soon.id}/report`, { token })).json;
    expect(soonReport).toMatchObject({ period: { start: today }, countsFrom: tomorrow, current: true, previous: null });
    // Its days left are the days it counts: from tomorrow, not today.
    expect(soonReport.daysLeft).toBe(Math.round((Date.parse(soonReport.period.end) - Date.parse(tomorrow)) / 86_400_000) + 1);
    const cards = (await call(`/overview?from=${today}&to=${today}&include=budgets`, { token })).json.budgets as Array<{ id: string }>;
    expect(cards.find((card) => card.id === soon.id)).toMatchObject({ period: soonReport.period, countsFrom: tomorrow, begun: false });
    expect(cards.find((card) => card.id === plain.id)).toMatchObject({ countsFrom: periodOf({ kind: "quincena", cycleDay: 1 }, today).start, begun: true });
  });

  it("is another user's 404, and a malformed period is a 422", async () => {
    const { token } = await setup();
    const other = await signUp();
    const budget = await createBudget(token, {});
    expect((await call(`/budgets/${budget.id}/report`, { token: other.token })).status).toBe(404);
    expect((await call(`/budgets/${budget.id}/report?period=2026-02-30`, { token })).status).toBe(422);
  });
});

describe("budget report: expected from schedules", () => {
  it("shows unposted occurrences of the period as expected; posting moves them to spent; skipped ones are not expected", async () => {
    const { token, soles, dollars, byName } = await setup();
    const groceries = byName("Groceries");
    const budget = await createBudget(token, { period: "monthly" });
    await putLines(token, budget.id, [
      { categoryId: groceries, amount: "500.00" },
      { categoryId: null, amount: "100.00" },
    ]);
    const today = todayInZone("America/Lima");
    const period = periodOf({ kind: "monthly", cycleDay: 1 }, today);
    // A day still ahead in this period when there is one (posting ahead books it today, in the period).
    const date = today < period.end ? addDays(today, 1) : today;
    const schedule = async (body: Record<string, unknown>) => {
      const result = await call("/schedules", { token, body: { kind: "monthlyDay", day: Number(date.slice(8)), start: today, mode: "confirm", ...body } });
      expect(result.status, JSON.stringify(result.json)).toBe(201);
      return result.json.schedule as { id: string };
    };
    const market = await schedule({ accountId: soles.id, description: "Mercado", amount: "-120.00", categoryId: groceries });
    const gym = await schedule({ accountId: soles.id, description: "Gimnasio", amount: "-50.00" });
    // Neither is expected spending: income, and a schedule in another currency.
    await schedule({ accountId: soles.id, description: "Sueldo", amount: "2500.00" });
    await schedule({ accountId: dollars.id, description: "Netflix", amount: "-15.99", categoryId: groceries });

    const report = async () => {
      const { status, json } = await call(`/budgets/${budget.id}/report`, { token });
      expect(status).toBe(200);
      expect(json.period).toEqual(period);
      return {
        lines: json.lines.map((l: { categoryId: string | null; spentMinor: number; expectedMinor: number }) => [l.categoryId, l.spentMinor, l.expectedMinor]),
        totals: [json.totals.spentMinor, json.totals.expectedMinor],
      };
    };
    expect(await report()).toEqual({ lines: [[groceries, 0, 12000], [null, 0, 5000]], totals: [0, 17000] });

    expect((await call(`/schedules/${market.id}/occurrences/${date}/post`, { method: "POST", token })).status).toBe(201);
    expect(await report()).toEqual({ lines: [[groceries, 12000, 0], [null, 0, 5000]], totals: [12000, 5000] });

    expect((await call(`/schedules/${gym.id}/occurrences/${date}/skip`, { method: "POST", token })).status).toBe(200);
    expect(await report()).toEqual({ lines: [[groceries, 12000, 0], [null, 0, 0]], totals: [12000, 0] });

    // An archived account's schedules are not posted, so not expected either (ADR 086).
    const cash = await createAccount(token, { name: "Caja", currency: "PEN" });
    await schedule({ accountId: cash.id, description: "Mercado chico", amount: "-30.00", categoryId: groceries });
    expect(await report()).toEqual({ lines: [[groceries, 12000, 3000], [null, 0, 0]], totals: [12000, 3000] });
    expect((await call(`/accounts/${cash.id}`, { method: "PATCH", token, body: { archived: true } })).status).toBe(200);
    expect(await report()).toEqual({ lines: [[groceries, 12000, 0], [null, 0, 0]], totals: [12000, 0] });
  });
});

describe("GET /overview?include=budgets", () => {
  it("answers each budget's current period, spent of budgeted, in the same call", async () => {
    const { token, soles, byName } = await setup();
    const today = todayInZone("America/Lima");
    const budget = await createBudget(token, { name: "Quincena", period: "quincena" });
    await putLines(token, budget.id, [
      { categoryId: byName("Dining"), amount: "10.00" },
      { categoryId: null, amount: "100.00" },
    ]);
    await addTransaction(token, soles.id, { date: today, description: "Cena", amount: "-25.00", categoryId: byName("Dining") });
    await addTransaction(token, soles.id, { date: today, description: "Taxi", amount: "-5.00", categoryId: byName("Transport") });
    const { status, json } = await call(`/overview?from=${today.slice(0, 8)}01&to=${today}&include=accounts,budgets`, { token });
    expect(status).toBe(200);
    expect(json.budgets).toEqual([
      { id: budget.id, name: "Quincena", currency: "PEN", period: periodOf({ kind: "quincena", cycleDay: 1 }, today), countsFrom: periodOf({ kind: "quincena", cycleDay: 1 }, today).start, begun: true, budgetedMinor: 11000, carriedMinor: 0, spentMinor: 3000, leftMinor: 8000, over: false, overLines: 1, leftOut: 0 },
    ]);
    expect(json.accounts).toHaveLength(2);
    expect((await call(`/overview?from=${today}&to=${today}&include=accounts`, { token })).json.budgets).toBeUndefined();
  });
});

describe("GET /overview?include=budgets with rollover", () => {
  it("says what the budgets page says: carried in, left, and which lines are over, from the period's report", async () => {
    const { user, token, soles, dollars, byName } = await setup();
    const today = todayInZone("America/Lima");
    const thisMonth = `${today.slice(0, 8)}01`;
    const lastMonth = `${addDays(thisMonth, -1).slice(0, 8)}01`;
    const budget = await createBudget(token, { name: "Casa", period: "monthly", startsOn: lastMonth });
    await putLines(token, budget.id, [
      { categoryId: byName("Dining"), amount: "100.00", rollover: "unspent" },
      { categoryId: null, amount: "50.00", rollover: "all" },
    ]);
    // Last month: S/ 60 of dining left over (carried), S/ 30 of everything else overspent (carried too, with "all").
    await addTransaction(token, soles.id, { date: `${lastMonth.slice(0, 8)}10`, description: "Cena", amount: "-40.00", categoryId: byName("Dining") });
    await addTransaction(token, soles.id, { date: `${lastMonth.slice(0, 8)}10`, description: "Taxi", amount: "-80.00", categoryId: byName("Transport") });
    // This month: S/ 130 of dining is more than its S/ 100, but not than the S/ 160 it has.
    await addTransaction(token, soles.id, { date: today, description: "Cena", amount: "-130.00", categoryId: byName("Dining") });
    await addTransaction(token, soles.id, { date: today, description: "Taxi", amount: "-10.00", categoryId: byName("Transport") });

    const overview = await call(`/overview?from=${thisMonth}&to=${today}&include=budgets`, { token });
    expect(overview.status).toBe(200);
    const [card] = overview.json.budgets;
    expect(card).toMatchObject({ budgetedMinor: 15000, carriedMinor: 3000, spentMinor: 14000, leftMinor: 4000, over: false, overLines: 0 });
    const report = (await call(`/budgets/${budget.id}/report`, { token })).json;
    expect([card.budgetedMinor, card.carriedMinor, card.spentMinor, card.leftMinor]).toEqual([report.totals.budgetedMinor, report.totals.carriedMinor, report.totals.spentMinor, report.totals.leftMinor]);
    expect(card.period).toEqual(report.period);
    expect(card).toMatchObject({ countsFrom: thisMonth, begun: true });

    // Beside it, a budget without rollover (it reads only the days around today) and one that
    // starts next month: each card is its own report, whatever the others read.
    const plain = await createBudget(token, { name: "Salidas", period: "quincena", startsOn: lastMonth });
    await putLines(token, plain.id, [{ categoryId: byName("Dining"), amount: "90.00" }]);
    const later = await createBudget(token, { name: "Viaje", period: "monthly", startsOn: addDays(today, 40) });
    await putLines(token, later.id, [{ categoryId: null, amount: "500.00", rollover: "all" }]);
    const cards = (await call(`/overview?from=${thisMonth}&to=${today}&include=budgets`, { token })).json.budgets as Array<{ id: string; period: unknown; budgetedMinor: number; carriedMinor: number; spentMinor: number; leftMinor: number; overLines: number }>;
    expect(cards.map((c) => c.id)).toEqual([budget.id, plain.id, later.id]);
    for (const each of cards) {
      const own = (await call(`/budgets/${each.id}/report`, { token })).json;
      const overLines = (own.lines as Array<{ over: boolean }>).filter((line) => line.over).length;
      expect([each.period, each.budgetedMinor, each.carriedMinor, each.spentMinor, each.leftMinor, each.overLines], each.id).toEqual([own.period, own.totals.budgetedMinor, own.totals.carriedMinor, own.totals.spentMinor, own.totals.leftMinor, overLines]);
    }
    expect(cards[1]).toMatchObject({ carriedMinor: 0 });
    // Not begun: its first period, nothing spent (ADR 077), not this month's spending.
    expect(cards[2]).toMatchObject({ period: periodOf({ kind: "monthly", cycleDay: 1 }, addDays(today, 40)), spentMinor: 0, leftMinor: 50000 });
    // …and says so: not begun, counted from its start day, as its page says.
    expect(cards[2]).toMatchObject({ begun: false, countsFrom: addDays(today, 40) });

    // Dining paid from the dollar account, on a day without a rate: left out, and the card says so, as the page does.
    await addTransaction(token, dollars.id, { date: today, description: "Dinner", amount: "-20.00", categoryId: byName("Dining") });
    const withDollars = (await call(`/overview?from=${thisMonth}&to=${today}&include=budgets`, { token })).json.budgets as Array<{ spentMinor: number; leftOut: number }>;
    // (The budget that starts next month shows its first period, which today's dinner is not in.)
    expect(withDollars.map((c) => [c.spentMinor, c.leftOut])).toEqual(cards.map((c) => [c.spentMinor, c.id === later.id ? 0 : 1]));
    expect((await call(`/budgets/${budget.id}/report`, { token })).json.unconverted).toEqual({ period: 1, before: 0 });

    // Dollars of last month too, under the rollover line (its carried amount would change): left out and counted.
    await addTransaction(token, dollars.id, { date: `${lastMonth.slice(0, 8)}12`, description: "Dinner", amount: "-8.00", categoryId: byName("Dining") });
    const [beforeRates] = (await call(`/overview?from=${thisMonth}&to=${today}&include=budgets`, { token })).json.budgets as Array<{ carriedMinor: number; leftOut: number }>;
    expect(beforeRates).toMatchObject({ carriedMinor: 3000, leftOut: 2 });
    expect((await call(`/budgets/${budget.id}/report`, { token })).json.unconverted).toEqual({ period: 1, before: 1 });
    // A budget whose lines carry nothing over does not count earlier periods' (no carried amount to leave them out of).
    expect((await call(`/budgets/${plain.id}/report`, { token })).json.unconverted).toEqual({ period: 1, before: 0 });
    // With rates for both days, the card converts them as the page does (ADR 083): S/ 75 spent today,
    // S/ 30 less carried in (S/ 60 of dining left over becomes S/ 30), and nothing left out.
    await env.DB.prepare("INSERT INTO user_rates (id, user_id, currency, quote, rate, from_day, to_day, created_at, updated_at) VALUES ('card-rate', ?1, 'USD', 'PEN', '3.75', ?2, ?3, 0, 0)").bind(user.id, lastMonth, today).run();
    const converted = (await call(`/overview?from=${thisMonth}&to=${today}&include=budgets`, { token })).json.budgets as Array<{ id: string; carriedMinor: number; spentMinor: number; leftMinor: number; leftOut: number }>;
    expect(converted[0]).toMatchObject({ carriedMinor: 0, spentMinor: 14000 + 7500, leftMinor: 15000 - 14000 - 7500, leftOut: 0 });
    for (const each of converted) {
      const own = (await call(`/budgets/${each.id}/report`, { token })).json;
      expect([each.carriedMinor, each.spentMinor, each.leftMinor, each.leftOut], each.id).toEqual([own.totals.carriedMinor, own.totals.spentMinor, own.totals.leftMinor, own.unconverted.period + own.unconverted.before]);
    }
    await env.DB.prepare("DELETE FROM user_rates WHERE id = 'card-rate'").run();

    // Spending past what carried in: over, and the line says so, on the card as on the page.
    await addTransaction(token, soles.id, { date: today, description: "Cena", amount: "-45.00", categoryId: byName("Dining") });
    const after = (await call(`/overview?from=${thisMonth}&to=${today}&include=budgets`, { token })).json.budgets[0];
    expect(after).toMatchObject({ spentMinor: 18500, leftMinor: -500, over: true, overLines: 1 });
    const lines = (await call(`/budgets/${budget.id}/report`, { token })).json.lines as Array<{ over: boolean }>;
    expect(lines.filter((line) => line.over)).toHaveLength(1);
  });
});

describe("GET /overview?include=budgets in two currencies", () => {
  it("converts each budget's spending in another currency into its own, budgets of two currencies side by side (ADR 083)", async () => {
    const { user, token, byName } = await setup();
    const euros = await createAccount(token, { name: "N26", currency: "EUR" });
    const today = todayInZone("America/Lima");
    const soles = await createBudget(token, { name: "Soles", currency: "PEN", period: "monthly" });
    const dolares = await createBudget(token, { name: "Dólares", currency: "USD", period: "monthly" });
    for (const budget of [soles, dolares]) await putLines(token, budget.id, [{ categoryId: byName("Dining"), amount: "100.00" }]);
    // One euro dinner, one day: EUR→PEN for the soles budget, EUR→USD for the dollars one (one map held both by day alone).
    await env.DB.prepare(
      "INSERT INTO user_rates (id, user_id, currency, quote, rate, from_day, to_day, created_at, updated_at) VALUES ('eur-pen', ?1, 'EUR', 'PEN', '4.00', ?2, ?2, 0, 0), ('eur-usd', ?1, 'EUR', 'USD', '1.10', ?2, ?2, 0, 0)",
    )
      .bind(user.id, today)
      .run();
    await addTransaction(token, euros.id, { date: today, description: "Cena", amount: "-10.00", categoryId: byName("Dining") });
    const cards = (await call(`/overview?from=${today}&to=${today}&include=budgets`, { token })).json.budgets as Array<{ name: string; spentMinor: number; leftOut: number }>;
    expect(cards.map((card) => [card.name, card.spentMinor, card.leftOut])).toEqual([
      ["Soles", 4000, 0],
      ["Dólares", 1100, 0],
    ]);
    for (const [budget, spent] of [[soles, 4000], [dolares, 1100]] as const) expect((await call(`/budgets/${budget.id}/report`, { token })).json.totals.spentMinor).toBe(spent);
  });
});

describe("query plans of budget spending (migration 0032)", () => {
  const explain = async (sql: string, params: unknown[]) =>
    (await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>()).results.map((row) => row.detail).join(" | ");

  it("reads a report's date range from the day summaries' primary key, not the transactions", async () => {
    const plan = await explain(SPENDING_SQL, ["b", "u", "2026-11-15"]);
    expect(plan).toMatch(/SEARCH b USING INDEX sqlite_autoindex_budgets_1 \(id=\?\)/);
    expect(plan).toMatch(/SEARCH d USING PRIMARY KEY \(user_id=\? AND date>\? AND date<\?\)/);
    expect(plan).toMatch(/SEARCH a USING INDEX sqlite_autoindex_accounts_1 \(id=\?\)/);
    expect(plan).toMatch(/SEARCH c USING INDEX sqlite_autoindex_categories_1 \(id=\?\)/);
    expect(plan).not.toMatch(/transactions|SCAN d/);
    // The overview's card, every budget of the user at once: its budgets by the user's index.
    const card = await explain(BUDGETS_SPENDING_SQL, ["u", "2026-11-15"]);
    expect(card).toMatch(/SEARCH d USING PRIMARY KEY \(user_id=\? AND date>\? AND date<\?\)/);
    expect(card).toMatch(/SEARCH b USING INDEX \w+ \(user_id=\?\)/);
    expect(card).toMatch(/SEARCH a USING INDEX sqlite_autoindex_accounts_1 \(id=\?\)/);
    expect(card).toMatch(/SEARCH c USING INDEX sqlite_autoindex_categories_1 \(id=\?\)/);
    expect(card).not.toMatch(/transactions|SCAN d|SCAN b/);
  });
});

// ───────────── Properties: the report against a straight recomputation ─────────────

const KINDS: PeriodKind[] = ["monthly", "quincena", "payCycle"];
const ROLLS: Rollover[] = ["none", "unspent", "all"];
const ZONES = ["America/Lima", "Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC", "Asia/Tokyo"];
const dayArb = fc.integer({ min: 0, max: 400 }).map((n) => addDays("2025-12-01", n));

describe("budget report properties", () => {
  it("spent equals the sum of matching transactions, and rollover equals a straight recomputation, for random histories, periods and zones", async () => {
    const { token, user, soles, byName } = await setup();
    const cats = [byName("Groceries"), byName("Dining"), byName("Transport"), null];
    const income = byName("Income");
    let seq = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          kind: fc.constantFrom(...KINDS),
          cycleDay: fc.integer({ min: 1, max: 31 }),
          startsOn: dayArb,
          zone: fc.constantFrom(...ZONES),
          reportDay: dayArb,
          lines: fc.tuple(fc.integer({ min: 0, max: 50000 }), fc.constantFrom(...ROLLS), fc.integer({ min: 0, max: 50000 }), fc.constantFrom(...ROLLS), fc.boolean()),
          txs: fc.array(fc.record({ day: dayArb, amount: fc.integer({ min: -30000, max: 5000 }).filter((n) => n !== 0), cat: fc.constantFrom(0, 1, 2, 3, 4) }), { maxLength: 40 }),
        }),
        async (c) => {
          await env.DB.prepare("DELETE FROM transactions WHERE user_id = ?1").bind(user.id).run();
          await env.DB.prepare("UPDATE users SET time_zone = ?2 WHERE id = ?1").bind(user.id, c.zone).run();
          const catOf = (i: number) => (i === 4 ? income : cats[i]!);
          if (c.txs.length)
            await env.DB.batch(
              c.txs.map((tx) =>
                env.DB.prepare("INSERT INTO transactions (id, account_id, user_id, date, description, amount, category_id, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, 'p', ?5, ?6, 0, 0)").bind(
                  `00000000-0000-4000-8000-${String(++seq).padStart(12, "0")}`,
                  soles.id,
                  user.id,
                  tx.day,
                  tx.amount,
                  catOf(tx.cat),
                ),
              ),
            );
          const budget = await createBudget(token, { period: c.kind, cycleDay: c.cycleDay, startsOn: c.startsOn });
          const [a, ra, b, rb, withOther] = c.lines;
          const lines = [
            { categoryId: cats[0], amount: (a / 100).toFixed(2), rollover: ra },
            { categoryId: cats[1], amount: (b / 100).toFixed(2), rollover: rb },
            ...(withOther ? [{ categoryId: null, amount: "100.00", rollover: "all" as Rollover }] : []),
          ];
          await putLines(token, budget.id, lines);
          const { status, json } = await call(`/budgets/${budget.id}/report?period=${c.reportDay}`, { token });
          expect(status).toBe(200);

          // The oracle: periods walked day by day from the start, spending summed per transaction.
          // A day before the budget counts from reports its first period; spending before that day never counts (ADR 077).
          const rule = { kind: c.kind, cycleDay: c.cycleDay };
          const reported = periodOf(rule, c.reportDay < c.startsOn ? c.startsOn : c.reportDay);
          const first = periodOf(rule, c.startsOn);
          const periods: Array<{ start: string; end: string }> = [];
          for (let p = first; p.start <= reported.start; p = periodOf(rule, addDays(p.end, 1))) periods.push(p);
          const spentOf = (line: (typeof lines)[number], p: { start: string; end: string }) =>
            c.txs
              .filter((tx) => tx.day >= p.start && tx.day <= p.end && tx.day >= c.startsOn)
              .filter((tx) => {
                const cat = catOf(tx.cat);
                if (line.categoryId !== null) return cat === line.categoryId;
                // Everything else: spending (an expense category, or money out) without a line of its own.
                return cat !== cats[0] && cat !== cats[1] && (tx.amount < 0 || (cat !== null && cat !== income));
              })
              .reduce((sum, tx) => sum - tx.amount, 0);
          lines.forEach((line, i) => {
            const budgeted = Math.round(Number(line.amount) * 100);
            let carry = 0;
            for (const p of periods.slice(0, -1)) {
              const left = budgeted + carry - spentOf(line, p);
              carry = line.rollover === "none" ? 0 : line.rollover === "all" ? left : Math.max(0, left);
            }
            const spent = spentOf(line, reported);
            expect(json.lines[i]).toMatchObject({ spentMinor: spent, carriedMinor: carry, budgetedMinor: budgeted, leftMinor: budgeted + carry - spent, over: budgeted + carry - spent < 0 });
          });
          expect(json.period).toEqual(reported);
          expect(json.today).toBe(todayInZone(c.zone));
          await call(`/budgets/${budget.id}`, { method: "DELETE", token });
        },
      ),
      { numRuns: 40 },
    );
  });
});
