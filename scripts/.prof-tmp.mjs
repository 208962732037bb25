import { createCookie } from "react-router";
import { DEMO_USER } from "/work/main/scripts/demo.mjs";
import { DEMO_PEN_ACCOUNT } from "/work/main/scripts/seed-ledger.mjs";
const ORIGIN = `http://localhost:${process.env.P ?? 8780}`;
const login = await fetch(`${ORIGIN}/api/v1/auth/login`, { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" }, body: JSON.stringify({ email: DEMO_USER.email, password: DEMO_USER.password }) });
const { token } = await login.json();
const api = { Authorization: `Bearer ${token}` };
const cookie = { Cookie: await createCookie("tesoro_session", { path: "/" }).serialize(token) };
const urls = (process.argv.slice(2).length ? process.argv.slice(2) : ["/api/v1/accounts", "/api/v1/categories", `/api/v1/accounts/${DEMO_PEN_ACCOUNT}/transactions?limit=50`, `/api/v1/accounts/${DEMO_PEN_ACCOUNT}/transactions?limit=50&q=wong`, `/api/v1/accounts/${DEMO_PEN_ACCOUNT}`, `/accounts/${DEMO_PEN_ACCOUNT}/transactions`, "/login", "/", "/accounts"]).map(u => u.replace("PEN", DEMO_PEN_ACCOUNT));
for (const u of urls) {
  const h = u.startsWith("/api") ? api : cookie;
  const s = [];
  for (let i = 0; i < 40; i++) { const t = performance.now(); const r = await fetch(ORIGIN + u, { headers: h, redirect: "manual" }); await r.arrayBuffer(); s.push(performance.now() - t); if (i==0 && !r.ok) console.log(u, r.status); }
  s.sort((a,b)=>a-b);
  console.log(u.padEnd(90), s[20].toFixed(1));
}
