import { chromium } from "@playwright/test";
import { signInDemo } from "../scripts/demo.mjs";
const origin = "http://localhost:8796";
const { token, cookie } = await signInDemo(origin);
const H = { Authorization: `Bearer ${token}`, Origin: origin, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json" };
const post = async (path, body) => { const r = await fetch(origin + "/api/v1" + path, { method: "POST", headers: { ...H, "Idempotency-Key": crypto.randomUUID() }, body: JSON.stringify(body) }); const j = await r.json(); if (!r.ok) throw new Error(JSON.stringify(j)); return j; };
const today = new Date().toISOString().slice(0, 10);
if (process.argv[2] === "data") {
  const clp = (await post("/accounts", { name: "Cuenta Chile", type: "checking", currency: "CLP", openingBalance: "1500000", openingDate: "2026-01-01" })).account;
  await post(`/accounts/${clp.id}/transactions`, { date: today, description: "Honorarios", amount: "250000" });
  await post(`/accounts/${clp.id}/transactions`, { date: today, description: "Jumbo", amount: "-12990" });
  const eur = (await post("/accounts", { name: "Visa Euro", type: "credit_card", currency: "EUR" })).account;
  await post(`/accounts/${eur.id}/transactions`, { date: today, description: "Spotify", amount: "-9.99" });
  const arch = (await post("/accounts", { name: "Viejo", type: "cash", currency: "PEN" })).account;
  await post(`/accounts/${arch.id}/transactions`, { date: today, description: "Algo", amount: "-3.00" });
  await fetch(origin + `/api/v1/accounts/${arch.id}`, { method: "PATCH", headers: { ...H, "Idempotency-Key": crypto.randomUUID() }, body: JSON.stringify({ archived: true }) });
  console.log("archived", arch.id);
}
const locale = process.argv[3] ?? "en";
await fetch(origin + "/api/v1/users/me", { method: "PATCH", headers: { ...H, "Idempotency-Key": crypto.randomUUID() }, body: JSON.stringify({ locale }) });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const width of [1280, 390]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  await ctx.addCookies([{ name: "tesoro_session", value: cookie, url: origin }]);
  const page = await ctx.newPage();
  await page.goto(origin + "/");
  await page.locator("section").filter({ has: page.locator("#this-month") }).screenshot({ path: `.shots/month-${locale}-${width}.png` }).catch(async () => page.screenshot({ path: `.shots/month-${locale}-${width}.png`, fullPage: true }));
  await page.goto(origin + "/accounts");
  await page.getByTestId("group-checking").screenshot({ path: `.shots/group-${locale}-${width}.png` });
  if (process.argv[4]) { await page.goto(origin + `/accounts/${process.argv[4]}/transactions`); await page.screenshot({ path: `.shots/archived-${locale}-${width}.png`, fullPage: true }); }
  await ctx.close();
}
await browser.close();
