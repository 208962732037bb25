import { createCookie } from "react-router";
import { DEMO_USER } from "/work/main/scripts/demo.mjs";
import { DEMO_PEN_ACCOUNT } from "/work/main/scripts/seed-ledger.mjs";
const ORIGIN = `http://localhost:${process.env.P ?? 8780}`;
const login = await fetch(`${ORIGIN}/api/v1/auth/login`, { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" }, body: JSON.stringify({ email: DEMO_USER.email, password: DEMO_USER.password }) });
const { token } = await login.json();
const cookie = { Cookie: await createCookie("tesoro_session", { path: "/" }).serialize(token) };
for (const u of [`/accounts/${DEMO_PEN_ACCOUNT}/transactions`, `/accounts/${DEMO_PEN_ACCOUNT}/transactions.data`]) {
const r = await fetch(ORIGIN + u, { headers: cookie });
const t = await r.text();
console.log(u, r.status, t.length);
if (process.env.OUT) (await import("node:fs")).writeFileSync(process.env.OUT + (u.endsWith(".data") ? ".data" : ".html"), t);
}
