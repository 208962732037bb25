import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { interpolation, localeFromAcceptLanguage } from "../../app/i18n/config";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../app/lib/password-limits";
import { en } from "../../app/i18n/locales/en";
import { es } from "../../app/i18n/locales/es";
import { REMEMBERED_WITH_OPTIONS, rememberingTranslations } from "../../app/i18n/use-translation";
import { resources } from "../../app/i18n/resources";
import { translatorFor } from "../../app/i18n/translator";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

/**
 * `t` as useTranslation makes it (`rememberingTranslations` over a fixed `t`), over an i18next
 * instance that counts the translations it really does. `memory` names the remembered texts.
 */
async function countingRemembered(lng: "en" | "es", memory: string) {
  const instance = createInstance({ resources, interpolation });
  await instance.init({ lng });
  let translations = 0;
  const translate = instance.t.bind(instance);
  instance.t = ((...args: Parameters<typeof translate>) => {
    translations += 1;
    return translate(...args);
  }) as typeof instance.t;
  const t = rememberingTranslations(instance.getFixedT(lng, "translation"), memory) as unknown as (key: string, options?: object) => string;
  return { t, translations: () => translations };
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

  it("prints the password limits the schemas enforce, in every language and without a copied number", () => {
    const sources = JSON.stringify([en, es]);
    for (const limit of [PASSWORD_MIN, PASSWORD_MAX]) expect(sources).not.toMatch(new RegExp(`\\b${limit} (characters|caracteres)`));
    expect(translatorFor("en")("validation.passwordMax")).toBe(`Use at most ${PASSWORD_MAX} characters.`);
    expect(translatorFor("es")("validation.passwordMax")).toBe(`Usa como máximo ${PASSWORD_MAX} caracteres.`);
    expect(translatorFor("en")("validation.passwordMin")).toBe(`Use at least ${PASSWORD_MIN} characters.`);
    expect(translatorFor("es")("auth.passwordHint")).toMatch(new RegExp(`^De ${PASSWORD_MIN} a ${PASSWORD_MAX} caracteres\\.`));
  });

  it("remembers keys without options, and with plain options, per language, with the same text as i18next", async () => {
    for (const lng of ["en", "es"] as const) {
      const plainInstance = createInstance({ resources, interpolation });
      await plainInstance.init({ lng });
      const { t, translations } = await countingRemembered(lng, lng);
      const expected = plainInstance.getFixedT(lng, "translation");
      const all = keys(lng === "en" ? en : es);
      for (const key of all) expect(t(key), key).toBe(expected(key));
      const afterFirstPass = translations();
      for (const key of all) t(key);
      expect(translations()).toBe(afterFirstPass); // the second pass is all remembered
      // Each distinct call is translated once, then remembered: counts pick their plural form,
      // values are interpolated, and a value that looks the same in another type is another call.
      const calls: Array<[string, Record<string, unknown>]> = [
        ["auth.locked", { count: 1 }],
        ["auth.locked", { count: 15 }],
        ["errors.unmatched", { path: "/a" }],
        ["errors.unmatched", { path: "/b" }],
        ["errors.unmatched", { path: "1" }],
        ["errors.unmatched", { path: 1 }],
      ];
      for (let pass = 0; pass < 2; pass++) {
        for (const [key, options] of calls) expect(t(key, options), `${key} ${JSON.stringify(options)}`).toBe(expected(key, options));
      }
      expect(translations()).toBe(afterFirstPass + calls.length);
      // Options that are not plain values are passed through every time.
      const path = { toString: () => "/object" };
      expect(t("errors.unmatched", { path })).toBe(expected("errors.unmatched", { path }));
      expect(t("errors.unmatched", { path })).toBe(expected("errors.unmatched", { path }));
      expect(translations()).toBe(afterFirstPass + calls.length + 2);
    }
  });

  it("keeps at most REMEMBERED_WITH_OPTIONS texts with options per language, and still answers right past it", async () => {
    // A memory of its own, so that other tests' texts do not count.
    const { t, translations } = await countingRemembered("en", "en-cap-test");
    for (let n = 0; n < REMEMBERED_WITH_OPTIONS; n++) t("auth.locked", { count: n });
    expect(translations()).toBe(REMEMBERED_WITH_OPTIONS);
    t("auth.locked", { count: 0 });
    expect(translations()).toBe(REMEMBERED_WITH_OPTIONS); // still remembered
    expect(t("auth.locked", { count: REMEMBERED_WITH_OPTIONS })).toBe(`Too many failed attempts. Try again in ${REMEMBERED_WITH_OPTIONS} minutes.`);
    t("auth.locked", { count: 0 });
    expect(translations()).toBe(REMEMBERED_WITH_OPTIONS + 2); // the memory started again when full
    t("auth.locked", { count: 0 });
    expect(translations()).toBe(REMEMBERED_WITH_OPTIONS + 2);
  });
});
