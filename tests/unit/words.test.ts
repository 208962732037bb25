/**
 * The words of the catalogues (ADR 055): Spanish as spoken in Peru, English as spoken in the US.
 * Every value of every file under core/i18n/locales/{es,en}/ is read, new groups included, so a
 * text added later is held to the same words.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CURRENCY_NAME_FALLBACK } from "../../core/currency-names";
import { currencyName, currencyOptionLabel, OFFERED_CURRENCIES, RETIRED_OR_UNIT_CURRENCIES } from "../../core/money";

const LOCALES = join(import.meta.dirname, "../../core/i18n/locales");

/** Every string of a language's catalogues as `file:key.path` → text. */
function valuesOf(language: "en" | "es"): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === "string") out.push([path, node]);
    else if (node && typeof node === "object") for (const [key, child] of Object.entries(node)) walk(child, path.endsWith(":") ? `${path}${key}` : `${path}.${key}`);
  };
  for (const file of readdirSync(join(LOCALES, language)).filter((name) => name.endsWith(".json"))) walk(JSON.parse(readFileSync(join(LOCALES, language, file), "utf8")), `${file}:`);
  return out;
}

/** Words, and marks, that read as Spain rather than Peru, each with what Peru says instead. */
const SPAIN_NOT_PERU: Array<{ pattern: RegExp; why: string }> = [
  { pattern: /[«»]/, why: "angle quotes are Spain's typography; Peru (and the app) writes straight double quotes" },
  { pattern: /[“”]/, why: "curly quotes: the Spanish catalogues use straight double quotes throughout" },
  { pattern: /\bpuls(a|ar|e|es|ando)\b/iu, why: "Peru says \"presiona\" (a button), not \"pulsa\"" },
  { pattern: /\bordenador(es)?\b/iu, why: "Peru says \"computadora\"" },
  { pattern: /\bmóvil(es)?\b/iu, why: "Peru says \"celular\" for a phone" },
  { pattern: /\bficheros?\b/iu, why: "Peru says \"archivo\"" },
  { pattern: /\bcog(er|e|es|iendo)\b/iu, why: "\"coger\" is vulgar in much of Latin America: \"tomar\", \"agarrar\"" },
  { pattern: /\bvosotros\b|\b\p{L}+(áis|éis)\b/iu, why: "vosotros forms: the app speaks to one person, in the tú-form" },
  { pattern: /\bAjustes\b/u, why: "\"Configuración\" is what Peru's phones and computers call settings" },
];

/** British spellings, with the US spelling the English catalogues use. */
const BRITISH_NOT_US: Array<{ pattern: RegExp; us: string }> = [
  { pattern: /\b(un)?categoris(e|ed|es|ing|ation)\b/i, us: "categorize, uncategorized" },
  { pattern: /\brecognis(e|ed|es|ing)\b/i, us: "recognize" },
  { pattern: /\b(organis|realis|authoris|summaris|prioritis|customis|minimis|maximis|normalis|finalis|apologis|personalis|synchronis|initialis)(e|ed|es|ing|ation)\b/i, us: "-ize" },
  { pattern: /\banalys(e|ed|es|ing)\b/i, us: "analyze" },
  { pattern: /\b(colour|favour|behaviour|honour|labour|neighbour)(s|ed|ing|ful)?\b/i, us: "color, favor, behavior, …" },
  { pattern: /\b(centre|metre|litre|catalogue|licence|defence|cheque)s?\b/i, us: "center, meter, liter, catalog, license, defense, check" },
];

describe("Spanish catalogues read as Peru", () => {
  const values = valuesOf("es");

  it("are all read (sanity: the signup mail is among them)", () => {
    expect(values.find(([path]) => path === "mail.json:signupBody")?.[1]).toContain('presiona "Crear mi cuenta"');
  });

  it.each(SPAIN_NOT_PERU)("no value matches $pattern ($why)", ({ pattern }) => {
    expect(values.filter(([, text]) => pattern.test(text)).map(([path, text]) => `${path}: ${text}`)).toEqual([]);
  });

  it("names a personal account and a wallet as Peru does", () => {
    const text = (path: string) => values.find(([key]) => key === path)?.[1];
    expect(text("ledger.json:accountTypes.savings")).toBe("Cuenta de ahorros");
    expect(text("ledger.json:accountTypes.wallet")).toBe("Billetera digital");
  });
});

describe("English catalogues are US English", () => {
  const values = valuesOf("en");

  it.each(BRITISH_NOT_US)("no value matches $pattern (US: $us)", ({ pattern }) => {
    expect(values.filter(([, text]) => pattern.test(text)).map(([path, text]) => `${path}: ${text}`)).toEqual([]);
  });

  it("says Uncategorized", () => {
    expect(values.find(([path]) => path === "ledger.json:pages.common.uncategorised")?.[1]).toBe("Uncategorized");
  });

  it("the lists catch what they are for", () => {
    // Each list would fail on the spelling it forbids: the tests above can fail.
    expect(BRITISH_NOT_US.some(({ pattern }) => pattern.test("Uncategorised"))).toBe(true);
    expect(BRITISH_NOT_US.some(({ pattern }) => pattern.test("Colour"))).toBe(true);
    expect(SPAIN_NOT_PERU.some(({ pattern }) => pattern.test("pulsa «Crear»"))).toBe(true);
    expect(SPAIN_NOT_PERU.some(({ pattern }) => pattern.test("¿Queréis?"))).toBe(true);
    expect(SPAIN_NOT_PERU.some(({ pattern }) => pattern.test("en tu móvil"))).toBe(true);
    expect(SPAIN_NOT_PERU.some(({ pattern }) => pattern.test("el país"))).toBe(false);
  });
});

describe("currency names", () => {
  it("every currency an account may hold has a name in English and Spanish", () => {
    for (const code of [...OFFERED_CURRENCIES, ...RETIRED_OR_UNIT_CURRENCIES]) {
      expect(currencyName(code, "en"), `${code} en`).not.toBeNull();
      expect(currencyName(code, "es"), `${code} es`).not.toBeNull();
    }
  });

  it("names the currencies older ICUs lack (workerd's: SLE, XCG, ZWG)", () => {
    expect(currencyOptionLabel("SLE", "en")).toBe("SLE · Sierra Leonean Leone");
    expect(currencyOptionLabel("XCG", "en")).toBe("XCG · Caribbean guilder");
    expect(currencyOptionLabel("ZWG", "en")).toBe("ZWG · Zimbabwean Gold");
    expect(currencyOptionLabel("SLE", "es")).toBe("SLE · leona sierraleonesa");
    expect(currencyOptionLabel("XCG", "es")).toBe("XCG · florín caribeño");
    expect(currencyOptionLabel("ZWG", "es")).toBe("ZWG · oro zimbabuense");
  });

  it("the fallback table says what CLDR says wherever this runtime's ICU has a name", () => {
    for (const language of ["en", "es"] as const) {
      const names = new Intl.DisplayNames([language], { type: "currency", fallback: "none" });
      for (const [code, name] of Object.entries(CURRENCY_NAME_FALLBACK[language])) {
        const intl = names.of(code);
        if (intl && intl !== code) expect(name, `${language} ${code}`).toBe(intl);
      }
    }
  });
});
