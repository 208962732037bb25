/**
 * The reports' cases for `npm run bench:ledger` (issue 38, ADR 059): GET /reports for the last
 * twelve months and for ten years (the longest period the API takes; one rate lookup per month for
 * the dollar account), and the /reports page rendered on the server. All read the monthly
 * summaries kept by triggers (migration 0028), so their cost follows months × accounts ×
 * categories, not the number of transactions (goal: 1M rows within 1.5× of 1k).
 */
export function reportCases(origin, api, cookie, lastDay) {
  const to = lastDay.slice(0, 7);
  const [year, month] = to.split("-").map(Number);
  // 120 months ending with `to`.
  const from = month === 12 ? `${year - 9}-01` : `${year - 10}-${String(month + 1).padStart(2, "0")}`;
  return [
    ["API reports 12 months", `${origin}/api/v1/reports?to=${to}`, api],
    ["API reports 10 years", `${origin}/api/v1/reports?from=${from}&to=${to}`, api],
    ["SSR reports page", `${origin}/reports`, cookie],
  ];
}
