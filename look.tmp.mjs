import { chromium } from "@playwright/test";
const [,, lang, width, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
const base = "http://localhost:8786";
const login = await fetch(base + "/api/v1/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "demo@tesoro.local", password: "Lima-ceviche-sol-2026" }) });
const { token } = await login.json();
const ctx = await browser.newContext({ colorScheme: process.env.DARK ? "dark" : "light", baseURL: base, viewport: { width: Number(width), height: 900 }, locale: lang === "es" ? "es-PE" : "en-US", userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36" });
await ctx.addCookies([{ name: "tesoro_session", value: Buffer.from(JSON.stringify(token)).toString("base64"), url: base }, { name: "lng", value: Buffer.from(JSON.stringify(lang)).toString("base64"), url: base }]);
const page = await ctx.newPage();
const errors = [];
page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
for (const p of paths) {
  await page.goto(p, { waitUntil: "networkidle" });
  const name = `/tmp/look-${lang}-${width}-${p.replace(/[^a-z0-9]+/gi, "_")}.png`;
  await page.screenshot({ path: name, fullPage: !process.env.VIEWPORT });
  console.log(name);
}
console.log("errors", JSON.stringify(errors));
await browser.close();
