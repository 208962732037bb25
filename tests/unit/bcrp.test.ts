import { describe, expect, it } from "vitest";
import recorded from "../fixtures/bcrp/usd-eur-2026-09-28-to-2026-11-27.json";
import { bcrpDay, bcrpProvider, bcrpUrl, parseBcrpAnswer } from "../../workers/api/src/rates/bcrp";
import { RateFormatError } from "../../workers/api/src/rates/provider";

const text = JSON.stringify(recorded);

/** The recorded answer with `change` applied to a copy. */
function altered(change: (answer: typeof recorded & Record<string, unknown>) => void): string {
  const copy = structuredClone(recorded) as typeof recorded & Record<string, unknown>;
  change(copy);
  return JSON.stringify(copy);
}

describe("BCRP answer format", () => {
  it("reads the recorded answer: every business day's USD and EUR buy and sell, the holiday left out", () => {
    const rates = parseBcrpAnswer(text);
    // 45 periods, one of them a holiday (08.Oct.26, "n.d."), two currencies each.
    expect(recorded.periods).toHaveLength(45);
    expect(rates).toHaveLength(44 * 2);
    expect(rates.find((r) => r.day === "2026-11-27" && r.currency === "USD")).toEqual({ source: "bcrp", currency: "USD", day: "2026-11-27", buy: "3.741", sell: "3.745" });
    expect(rates.find((r) => r.day === "2026-11-27" && r.currency === "EUR")).toEqual({ source: "bcrp", currency: "EUR", day: "2026-11-27", buy: "4.298", sell: "4.470" });
    expect(rates.some((r) => r.day === "2026-10-08")).toBe(false);
    // "Set" is September: the first day recorded.
    expect(rates[0]).toMatchObject({ day: "2026-09-28", currency: "USD" });
  });

  it("keeps each value at its series' published decimals: the interbank series send a day's average", () => {
    // BCRP's answer of 29 Sep 2026 for 25 Sep, as public captures show it (ADR 070): the interbank
    // buy and sell with 14 decimals, trailing zeros trimmed elsewhere ("3.44"), every series "dec": "3".
    const real = altered((a) => {
      a.periods = [
        { name: "25.Set.26", values: ["3.41642857142857", "3.41992857142857", "4.0125", "4.44"] },
        { name: "28.Set.26", values: ["n.d.", "n.d.", "n.d.", "n.d."] },
      ];
    });
    expect(parseBcrpAnswer(real)).toEqual([
      { source: "bcrp", currency: "USD", day: "2026-09-25", buy: "3.416", sell: "3.420" },
      { source: "bcrp", currency: "EUR", day: "2026-09-25", buy: "4.012", sell: "4.440" },
    ]);
    // The recorded answer carries the same long values; what is stored is what BCRP publishes.
    expect(recorded.periods[0]!.values[0]).toBe("3.71802857142857");
    expect(parseBcrpAnswer(text)[0]).toMatchObject({ day: "2026-09-28", currency: "USD", buy: "3.718", sell: "3.721" });
  });

  it("reads an answer that starts with a byte-order mark, through the client too", async () => {
    expect(parseBcrpAnswer(`\uFEFF${text}`)).toEqual(parseBcrpAnswer(text));
    const withMark = bcrpProvider(async () => new Response(new TextEncoder().encode(`\uFEFF${text}`), { headers: { "Content-Type": "text/html; charset=utf-8" } }));
    expect(await withMark.fetchRange("2026-09-28", "2026-11-27")).toEqual(parseBcrpAnswer(text));
  });

  it("reads BCRP's day names: Spanish month abbreviations, two-digit years", () => {
    expect(bcrpDay("27.Nov.26")).toBe("2026-11-27");
    expect(bcrpDay("28.Set.26")).toBe("2026-09-28");
    expect(bcrpDay("28.Sep.26")).toBe("2026-09-28");
    expect(bcrpDay("31.Dic.25")).toBe("2025-12-31");
    expect(bcrpDay("02.Ene.27")).toBe("2027-01-02");
    expect(bcrpDay("15.Ago.2026")).toBe("2026-08-15");
    for (const bad of ["31.Nov.26", "27.Dec.26", "2026-11-27", "Nov.2026", "27.Nov", ""]) expect(bcrpDay(bad), bad).toBeNull();
  });

  it("tells each series by its published name, not its position", () => {
    const reordered = altered((a) => {
      a.config.series.reverse();
      for (const p of a.periods) p.values.reverse();
    });
    const key = (r: { day: string; currency: string }) => `${r.day} ${r.currency}`;
    const sorted = (body: string) => parseBcrpAnswer(body).sort((a, b) => key(a).localeCompare(key(b)));
    expect(sorted(reordered)).toEqual(sorted(text));
  });

  it("leaves out a currency whose buy or sell is not published that day, never half a rate", () => {
    const oneSide = altered((a) => {
      a.periods[a.periods.length - 1]!.values = ["3.741", "n.d.", "4.298", "4.470"];
      a.periods.push({ name: "31.Dic.26", values: ["3.750", "3.752", "n.d.", "n.d."] });
    });
    const rates = parseBcrpAnswer(oneSide);
    expect(rates.filter((r) => r.day === "2026-11-27").map((r) => r.currency)).toEqual(["EUR"]);
    expect(rates.filter((r) => r.day === "2026-12-31")).toEqual([{ source: "bcrp", currency: "USD", day: "2026-12-31", buy: "3.750", sell: "3.752" }]);
  });

  it.each([
    ["an HTML page (the firewall's challenge, status 200)", "<html><body>Request Rejected</body></html>"],
    ["JSON without periods", JSON.stringify({ config: recorded.config })],
    ["a series missing", altered((a) => a.config.series.pop())],
    ["a series it cannot name", altered((a) => (a.config.series[0]!.name = "TC Libra (S/ por Libra) - Compra"))],
    ["a period with too few values", altered((a) => a.periods[3]!.values.pop())],
    ["a day it cannot read", altered((a) => (a.periods[3]!.name = "2026-10-01"))],
    ["a day twice", altered((a) => (a.periods[4]!.name = a.periods[3]!.name))],
    ["a value that is not a rate", altered((a) => (a.periods[3]!.values[1] = "3,745"))],
    ["a zero rate", altered((a) => (a.periods[3]!.values[1] = "0.000"))],
    ["a number instead of text", altered((a) => ((a.periods[3]!.values as unknown[])[1] = 3.745))],
    ["a series without its published decimals", altered((a) => delete (a.config.series[1] as { dec?: string }).dec)],
    ["a value that rounds to zero", altered((a) => (a.periods[3]!.values[1] = "0.0004"))],
  ])("refuses %s", (_, body) => {
    expect(() => parseBcrpAnswer(body)).toThrow(RateFormatError);
  });

  it("asks BCRP for the four series over the range, and refuses an answer that is not 200", async () => {
    expect(bcrpUrl("2026-11-01", "2026-11-28")).toBe("https://estadisticas.bcrp.gob.pe/estadisticas/series/api/PD04637PD-PD04638PD-PD04647PD-PD04648PD/json/2026-11-01/2026-11-28/");
    const asked: string[] = [];
    const ok = bcrpProvider(async (url) => (asked.push(url), new Response(text)));
    expect(await ok.fetchRange("2026-11-01", "2026-11-28")).toHaveLength(88);
    expect(asked).toEqual([bcrpUrl("2026-11-01", "2026-11-28")]);
    const down = bcrpProvider(async () => new Response("busy", { status: 503 }));
    await expect(down.fetchRange("2026-11-01", "2026-11-28")).rejects.toThrow(/503/);
  });
});
