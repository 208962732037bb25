import { createCookie } from "react-router";
import { DEMO_USER } from "/work/main/scripts/demo.mjs";
import { DEMO_PEN_ACCOUNT } from "/work/main/scripts/seed-ledger.mjs";
const ORIGIN = `http://localhost:8780`;
const login = await fetch(`${ORIGIN}/api/v1/auth/login`, { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" }, body: JSON.stringify({ email: DEMO_USER.email, password: DEMO_USER.password }) });
const { token } = await login.json();
const cookie = { Cookie: await createCookie("tesoro_session", { path: "/" }).serialize(token) };
const url = ORIGIN + (process.env.U ?? `/accounts/${DEMO_PEN_ACCOUNT}/transactions`);
for (let i = 0; i < 5; i++) await (await fetch(url, { headers: cookie })).text();
const ws = new WebSocket("ws://127.0.0.1:8784/ws", { headers: { Origin: "http://localhost" } });
let id = 0; const pending = new Map();
ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.id && pending.has(m.id)) { pending.get(m.id)(m); pending.delete(m.id); } };
await new Promise((r, j) => { ws.onopen = r; ws.onerror = (e) => j(new Error("ws " + (e.message ?? e.type))); ws.onclose = (e) => j(new Error("closed " + e.code + " " + e.reason)); });
const send = (method, params = {}) => new Promise((r) => { const i = ++id; pending.set(i, r); ws.send(JSON.stringify({ id: i, method, params })); });
await send("Profiler.enable"); await send("Profiler.setSamplingInterval", { interval: 100 }); await send("Profiler.start");
const t0 = performance.now();
for (let i = 0; i < 30; i++) await (await fetch(url, { headers: cookie })).text();
const wall = performance.now() - t0;
const { result } = await send("Profiler.stop");
const p = result.profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const dt = p.timeDeltas; const self = new Map();
p.samples.forEach((s, i) => self.set(s, (self.get(s) ?? 0) + (dt[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const agg = new Map();
for (const [nid, us] of self) { const n = byId.get(nid); const cf = n.callFrame; const k = `${cf.functionName || "(anon)"} ${cf.url.split("/").slice(-2).join("/")}:${cf.lineNumber}`; agg.set(k, (agg.get(k) ?? 0) + us); }
console.log("wall per req", (wall / 30).toFixed(1), "ms; profiled cpu per req", (total / 30 / 1000).toFixed(1), "ms");
for (const [k, us] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((us / 30 / 1000).toFixed(2).padStart(7), k);
// inclusive by function name
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [nid, us] of self) { const seen = new Set(); let cur = nid; while (cur !== undefined) { const cf = byId.get(cur).callFrame; const k = `${cf.functionName || "(anon)"} ${cf.url.split("/").slice(-1)}:${cf.lineNumber}`; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + us); } cur = parent.get(cur); } }
console.log("--- inclusive");
for (const [k, us] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log((us / 30 / 1000).toFixed(2).padStart(7), k);
ws.close();
