import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage } from "../../app/i18n/config";
import { en } from "../../app/i18n/locales/en";
import { es } from "../../app/i18n/locales/es";
import { translatorFor } from "../../app/i18n/translator";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe("i18n", () => {
  it("has the same keys in English and Spanish, none empty", () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
    const empty = keys(es).filter((key) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], es) === "");
    expect(empty.filter((key) => !key.endsWith(".placeholder"))).toEqual([]);
  });

  it("picks a language from Accept-Language, English by default", () => {
    expect(localeFromAcceptLanguage("es-PE,es;q=0.9,en;q=0.8")).toBe("es");
    expect(localeFromAcceptLanguage("fr-FR,es;q=0.5")).toBe("es");
    expect(localeFromAcceptLanguage("en;q=0.2,es;q=0.9")).toBe("es");
    expect(localeFromAcceptLanguage("de")).toBe("en");
    expect(localeFromAcceptLanguage(null)).toBe("en");
  });

  it("translates with plurals and interpolation", () => {
    expect(translatorFor("en")("auth.locked", { count: 1 })).toBe("Too many failed attempts. Try again in 1 minute.");
    expect(translatorFor("es")("auth.locked", { count: 15 })).toBe("Demasiados intentos fallidos. Inténtalo de nuevo en 15 minutos.");
    expect(translatorFor("xx")("errors.unmatched", { path: "/x" })).toBe("Page not found: /x");
  });
});
