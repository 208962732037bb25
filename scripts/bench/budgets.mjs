/**
 * The budgets report in `npm run bench:ledger` (issue 37, ADR 057): the demo user gets two budgets
 * (made once per bench database, found by name on the next run), and the bench times their report
 * for the month of the latest movement:
 *   API budget report          a monthly budget that starts that month (the goal: ≤ 1.5× from 1k to 1M rows)
 *   API budget report (1 yr)   the same with a year of rollover behind it (reads a year of the index)
 *   SSR budgets page           /budgets for that period
 *   API overview, budget card  the overview's call with both budgets' cards (the current period, the
 *                              year budget's rollover read from its start: ADR 075)
 */

const LINES = ["groceries", "dining", "transport", "entertainment"];

async function json(response) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** The demo user's budget named `name`, made with lines for a few categories and "everything else" when missing. */
async function ensureBudget(origin, headers, name, startsOn) {
  const { budgets } = await json(await fetch(`${origin}/api/v1/budgets`, { headers }));
  const found = budgets.find((b) => b.name === name);
  if (found) return found.id;
  const { categories } = await json(await fetch(`${origin}/api/v1/categories`, { headers }));
  const { budget } = await json(
    await fetch(`${origin}/api/v1/budgets`, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify({ name, currency: "PEN", period: "monthly", startsOn }) }),
  );
  const lines = [
    ...LINES.map((key, i) => ({ categoryId: categories.find((c) => c.defaultKey === key).id, amount: String(500 + 100 * i), rollover: i % 2 ? "all" : "unspent" })),
    { categoryId: null, amount: "1000", rollover: "none" },
  ];
  await json(await fetch(`${origin}/api/v1/budgets/${budget.id}/lines`, { method: "PUT", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify({ lines }) }));
  return budget.id;
}

/** The bench's cases for the budgets: [name, url, headers], for the month of `lastDay` (the latest movement). */
export async function budgetCases({ origin, api, cookie, lastDay }) {
  const monthStart = `${lastDay.slice(0, 7)}-01`;
  const [y, m] = lastDay.split("-").map(Number);
  const yearBefore = `${y - 1}-${String(m).padStart(2, "0")}-01`;
  const month = await ensureBudget(origin, api, "Bench month", monthStart);
  const year = await ensureBudget(origin, api, "Bench year", yearBefore);
  return [
    ["API budget report", `${origin}/api/v1/budgets/${month}/report?period=${lastDay}`, api],
    ["API budget report (1 yr)", `${origin}/api/v1/budgets/${year}/report?period=${lastDay}`, api],
    ["SSR budgets page", `${origin}/budgets?budget=${month}&period=${lastDay}`, cookie],
    ["API overview, budget card", `${origin}/api/v1/overview?from=${monthStart}&to=${lastDay}&include=budgets`, api],
  ];
}
