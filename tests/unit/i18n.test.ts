import { readdirSync, readFileSync } from "node:fs";
import { createInstance, type i18n } from "i18next";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { getI18n, getLocale, i18nMiddleware, localeCookie } from "../../app/i18n/i18n.server";
import { cachedTranslate } from "../../core/i18n/cached-translate";
import { defaultVariables, localeFromAcceptLanguage, supportedLocaleOf } from "../../core/i18n/config";
import { REASON_PHRASES } from "../../core/http-reasons";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../core/input-limits";
import { createI18next, namespaces } from "../../core/i18n/i18next-options";
import { en as browserEn, enFirstVisit } from "../../core/i18n/locales/en";
import { es as browserEs, esFirstVisit } from "../../core/i18n/locales/es";
import { resources } from "../../core/i18n/resources";
import { accountsPageTexts } from "../../core/i18n/page-texts/accounts-page";
import { budgetsPageTexts } from "../../core/i18n/page-texts/budgets-page";
import { cameraTexts } from "../../core/i18n/page-texts/camera";
import { importFlowTexts } from "../../core/i18n/page-texts/import-flow";
import { reportsTexts } from "../../core/i18n/page-texts/reports";
import { schedulesPageTexts } from "../../core/i18n/page-texts/schedules-page";
import { settingsTexts } from "../../core/i18n/page-texts/settings";
import { signupTexts } from "../../core/i18n/page-texts/signup";
import { transactionsPageTexts } from "../../core/i18n/page-texts/transactions-page";
import { receivePageTexts } from "../../core/i18n/page-bundles";
import { addPageTexts, formatCount } from "../../core/i18n/translate";
import { translatorFor } from "../../core/i18n/translator";
import { bundlesOf, createTranslate, type Tree } from "./i18n-helpers";
import type { z } from "zod";
import { nameSchema } from "../../core/schemas/auth";
import { accountCreateSchema, accountNameSchema, categoryCreateSchema, importQuerySchema, listQueryObject, transactionCreateSchema } from "../../core/schemas/ledger";

/** A language's namespaces as one tree, `common`'s groups at the top: the keys as the code writes them. */
function treeOf(bundles: Record<string, unknown>): Tree {
  const { common, ...rest } = bundles;
  return { ...(common as Tree), ...(rest as Record<string, Tree>) };
}

// Every string, the API's mail included: what the server and the API translate with.
const en = treeOf(resources.en);
const es = treeOf(resources.es);

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function textOf(messages: unknown, key: string): string {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages) as string;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * Plain i18next with one namespace, as the pages used it until ADR 033 (same strings, no escaping,
 * the same default variables): holds our options (namespaces split on ".", the count formatter,
 * the answers for unknown keys) to its output.
 */
async function reference(lng: "en" | "es", texts: { en: Tree; es: Tree } = { en, es }) {
  const instance = createInstance({ resources: { en: { translation: texts.en }, es: { translation: texts.es } }, interpolation: { escapeValue: false, defaultVariables } });
  await instance.init({ lng });
  return instance.getFixedT(lng, "translation" as never) as unknown as (key: string, options?: object) => string;
}

describe("i18n", () => {
  it("has the same keys in English and Spanish, none empty", () => {
    // Spanish's `many` plural forms aside (CLDR; see the plural test), which English has not.
    expect(keys(es).filter((key) => !key.endsWith("_many")).sort()).toEqual(keys(en).sort());
    const empty = keys(es).filter((key) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], es) === "");
    expect(empty.filter((key) => !key.endsWith(".placeholder"))).toEqual([]);
  });

  it("leaves the mail, the API's own messages and each page's own texts out of what the browser downloads first", () => {
    const serverOnly = (key: string) => key.startsWith("mail.") || key.startsWith("api.") || key.startsWith("passwordFeedback.");
    const ofOnePage = (key: string) => key.startsWith("settings.") || key.startsWith("camera.") || key.startsWith("signup.") || key.startsWith("transactionsPage.") || key.startsWith("reports.") || key.startsWith("importFlow.") || key.startsWith("budgetsPage.") || key.startsWith("schedulesPage.") || key.startsWith("accountsPage.");
    for (const [browser, all, lng] of [[browserEn, en, "en"], [browserEs, es, "es"]] as const) {
      expect(keys(browser).sort()).toEqual(keys(all).filter((key) => !serverOnly(key) && !ofOnePage(key)).sort());
      // What the pages add is exactly the rest.
      expect([...keys(settingsTexts[lng]), ...keys(cameraTexts[lng]), ...keys(signupTexts[lng]), ...keys(transactionsPageTexts[lng]), ...keys(reportsTexts[lng]), ...keys(importFlowTexts[lng]), ...keys(budgetsPageTexts[lng]), ...keys(schedulesPageTexts[lng]), ...keys(accountsPageTexts[lng])].sort()).toEqual(keys(all).filter(ofOnePage).sort());
      expect(keys(settingsTexts[lng]).length).toBeGreaterThan(50);
      expect(keys(all).filter((key) => key.startsWith("mail.")).length).toBeGreaterThan(10);
      expect(keys(all).filter((key) => key.startsWith("api.")).length).toBeGreaterThan(40);
    }
  });

  it("never asks for a server-only text in code the browser runs", () => {
    // The browser's translator lacks these keys, so a page that named one would show the key; so
    // would a toast or an error page whose key a *.server.ts module chose.
    const browserCode = ["app", "core"]
      .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => `${dir}/${file}`))
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith("core/i18n/locales"));
    expect(browserCode.length).toBeGreaterThan(50);
    const named = browserCode.flatMap((file) => [...readFileSync(file, "utf8").matchAll(/["'`](?:api|mail)\.[A-Za-z]+/g)].map((match) => `${file}: ${match[0]}`));
    expect(named).toEqual([]);
  });

  it("names a page's own texts only in that page's code, or as a toast (whose text the server makes)", () => {
    // Another page's translator has them only once that page's code has loaded, so anywhere else
    // the key would show instead of the text.
    const owners: Record<string, string[]> = {
      settings: ["app/routes/settings/", "core/schemas/settings.ts", "core/schemas/restore.ts"],
      camera: ["app/routes/camera/", "core/schemas/camera.ts", "core/receipt-image.ts"],
      importFlow: ["app/routes/transactions/"],
      budgetsPage: ["app/routes/budgets/"],
      schedulesPage: ["app/routes/schedules/"],
      accountsPage: ["app/routes/accounts/"],
    };
    // Keys these name are toasts only: flashed by an action or loader and translated by root's loader.
    const toastsOnly = ["app/routes/auth/login-confirm-email-linkId.tsx", "app/routes/resources/export.tsx"];
    const code = ["app", "core"]
      .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => `${dir}/${file}`))
      .filter((file) => /\.tsx?$/.test(file) && !file.includes("/i18n/") && !file.endsWith(".server.ts"));
    expect(code.length).toBeGreaterThan(50);
    const owns = (owner: string, file: string) => (owner.endsWith("/") ? file.startsWith(owner) : file === owner);
    const misplaced = code.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/["'`](settings|camera|importFlow|budgetsPage|schedulesPage|accountsPage)\.[A-Za-z]+/g)]
        .filter((match) => !owners[match[1]!]!.some((owner) => owns(owner, file)) && !toastsOnly.includes(file))
        .map((match) => `${file}: ${match[0]}`),
    );
    expect(misplaced).toEqual([]);
    for (const file of toastsOnly) expect(readFileSync(file, "utf8"), file).toMatch(/(redirectWithToast|backWithToast)\(/);
  });

  it("finds a page's own texts once its code has handed them over, each language its own", () => {
    // Keys of a page's namespace no other test hands over, so the order the tests run in does not matter.
    const spanish = createI18next("es", { es: esFirstVisit }).getFixedT("es") as unknown as (key: string) => string;
    expect(spanish("camera.testPage.title")).toBe("camera.testPage.title");
    const texts = { en: { camera: { testPage: { title: "Receipts", count_one: "{{count}} receipt", count_other: "{{count}} receipts" } } }, es: { camera: { testPage: { title: "Comprobantes", count_one: "{{count}} comprobante", count_many: "{{count}} comprobantes", count_other: "{{count}} comprobantes" } } } } as const;
    const other = { en: { signup: { testOther: { title: "Other" } } }, es: { signup: { testOther: { title: "Otra" } } } } as const;
    // On the server (no document), where `resources` has every page's texts already, nothing is added.
    addPageTexts(texts);
    expect(spanish("camera.testPage.title")).toBe("camera.testPage.title");
    // In the browser they are: handed over before entry.client made the instance (the first
    // load runs the route modules first), they wait for it; later pages' join it at once.
    const browser = createI18next("es", { es: esFirstVisit });
    vi.stubGlobal("document", {});
    try {
      addPageTexts(texts);
      expect(browser.t("camera.testPage.title" as never)).toBe("camera.testPage.title");
      receivePageTexts(browser);
      addPageTexts(other);
    } finally {
      vi.unstubAllGlobals();
    }
    const t = browser.getFixedT("es") as unknown as (key: string, options?: object) => string;
    const english = browser.getFixedT("en") as unknown as (key: string, options?: object) => string;
    expect(t("camera.testPage.title")).toBe("Comprobantes");
    expect(english("camera.testPage.title")).toBe("Receipts");
    expect(t("signup.testOther.title")).toBe("Otra");
    expect(t("camera.testPage.count", { count: 2 })).toBe("2 comprobantes");
    expect(english("camera.testPage.count", { count: 1 })).toBe("1 receipt");
    // Every page's namespace is one i18next knows (otherwise its first part would not be read as one).
    for (const pageTexts of [settingsTexts, cameraTexts, signupTexts, transactionsPageTexts, reportsTexts, importFlowTexts, budgetsPageTexts, schedulesPageTexts, accountsPageTexts]) for (const ns of Object.keys(pageTexts.en)) expect(namespaces).toContain(ns);
    // The page's texts never stand in for the dictionary's.
    expect(t("app.signOut")).toBe(browserEs.app.signOut);
  });

  it("reads a key's first part as its namespace only when it names one (nsSeparator = keySeparator)", () => {
    const t = translatorFor("en");
    // `ledger` is a namespace: its file has no `ledger` group of its own.
    expect(Object.keys(resources.en.ledger)).not.toContain("ledger");
    expect(t("ledger.accountTypes.cash")).toBe(resources.en.ledger.accountTypes.cash);
    expect(t("settings.profile.title")).toBe(resources.en.settings.profile.title);
    // `app` is not: the whole key is looked up in `common`, the default namespace.
    expect(namespaces).not.toContain("app");
    expect(t("app.signOut")).toBe(resources.en.common.app.signOut);
    expect(t("errors.reason.403")).toBe(REASON_PHRASES[403]);
    // An unknown key answers itself as written, in any namespace; a branch too.
    expect(t("ledger.noSuchKey")).toBe("ledger.noSuchKey");
    expect(t("app.noSuchKey")).toBe("app.noSuchKey");
    expect(t("ledger.accountTypes")).toBe("ledger.accountTypes");
    // The tip this rests on, checked on plain i18next: with ":" as nsSeparator the same key is not split.
    const plain = createInstance({ resources: { en: { common: { app: { signOut: "Out" } }, ledger: { title: "Ledger" } } }, lng: "en", ns: ["common", "ledger"], defaultNS: "common", nsSeparator: ":", initAsync: false });
    void plain.init();
    expect(plain.t("ledger.title" as never)).toBe("ledger.title");
    const dotted = createInstance({ resources: { en: { common: { app: { signOut: "Out" } }, ledger: { title: "Ledger" } } }, lng: "en", ns: ["common", "ledger"], defaultNS: "common", nsSeparator: ".", initAsync: false });
    void dotted.init();
    expect(dotted.t("ledger.title" as never)).toBe("Ledger");
    expect(dotted.t("app.signOut" as never)).toBe("Out");
  });

  it("has HTTP's reason phrases in English exactly as core/http-reasons has them", () => {
    expect(resources.en.common.errors.reason).toEqual(REASON_PHRASES);
    expect(Object.keys(resources.es.common.errors.reason).sort()).toEqual(Object.keys(REASON_PHRASES).sort());
  });

  it("chooses the language: the cookie, then any listed language we have, q=0 and a malformed q honoured", async () => {
    const localeFor = async (headers: Record<string, string>) => {
      const context = new RouterContextProvider();
      const request = new Request("http://localhost/", { headers });
      await i18nMiddleware({ request, context, params: {}, url: new URL(request.url), pattern: "/" } as unknown as Parameters<typeof i18nMiddleware>[0], async () => new Response(null));
      return getLocale(context);
    };
    const cookie = async (value: string) => (await localeCookie.serialize(value)).split(";")[0]!;
    expect(await localeFor({})).toBe("en");
    expect(await localeFor({ Cookie: await cookie("es") })).toBe("es");
    expect(await localeFor({ Cookie: await cookie("es"), "Accept-Language": "en" })).toBe("es");
    expect(await localeFor({ Cookie: await cookie("en"), "Accept-Language": "es" })).toBe("en");
    expect(await localeFor({ Cookie: await cookie("fr"), "Accept-Language": "es" })).toBe("es");
    expect(await localeFor({ "Accept-Language": "de,es" })).toBe("es");
    expect(await localeFor({ "Accept-Language": "fr-FR,fr;q=0.9,es;q=0.8" })).toBe("es");
    expect(await localeFor({ "Accept-Language": "es;q=0,en;q=0.5" })).toBe("en");
    expect(await localeFor({ "Accept-Language": "es;q=abc" })).toBe("en");
    expect(await localeFor({ "Accept-Language": "es-PE,es;q=0.9,en;q=0.8" })).toBe("es");
    // The cookie read as remix-i18next's detector read it (ADR 067): an exact tag first, then a language's.
    expect(await localeFor({ Cookie: await cookie("es-PE"), "Accept-Language": "en" })).toBe("es");
    expect(await localeFor({ Cookie: await cookie("es-PE,en"), "Accept-Language": "es" })).toBe("en");
    expect(await localeFor({ Cookie: await cookie("en;q=0.1,es"), "Accept-Language": "en" })).toBe("es");
    expect(await localeFor({ Cookie: await cookie("*"), "Accept-Language": "es" })).toBe("es");
    // Without the middleware (a request that did not pass root's), English.
    expect(getLocale(new RouterContextProvider())).toBe("en");
  });

  it("keeps one i18next instance per language across requests, and one remembering t per instance", async () => {
    const instanceFor = async (language: string) => {
      const context = new RouterContextProvider();
      const request = new Request("http://localhost/", { headers: { "Accept-Language": language } });
      await i18nMiddleware({ request, context, params: {}, url: new URL(request.url), pattern: "/" } as unknown as Parameters<typeof i18nMiddleware>[0], async () => new Response(null));
      return getI18n(context);
    };
    const [en1, en2, es1] = [await instanceFor("en"), await instanceFor("en"), await instanceFor("es")];
    expect(en1).toBe(en2);
    expect(es1).not.toBe(en1);
    expect(es1.language).toBe("es");
    const t = cachedTranslate(es1 as unknown as i18n);
    expect(cachedTranslate(es1 as unknown as i18n)).toBe(t);
    expect(t("app.signOut")).toBe(es1.t("app.signOut"));
    expect(t("app.signOut")).toBe(es1.t("app.signOut"));
    expect(t("api.locked", { count: 15 })).toBe("Demasiados intentos fallidos. Inténtalo de nuevo en 15 minutos.");
    // A key the instance lacks answers itself and is asked again next time (the browser adds namespaces later).
    const browser = createI18next("en", { en: { common: resources.en.common } });
    const bt = cachedTranslate(browser);
    expect(bt("settings.intro")).toBe("settings.intro");
    browser.addResourceBundle("en", "settings", resources.en.settings);
    expect(bt("settings.intro")).toBe(resources.en.settings.intro);
  });

  it("picks a language from Accept-Language, English by default", () => {
    expect(localeFromAcceptLanguage("es-PE,es;q=0.9,en;q=0.8")).toBe("es");
    expect(localeFromAcceptLanguage("fr-FR,es;q=0.5")).toBe("es");
    expect(localeFromAcceptLanguage("en;q=0.2,es;q=0.9")).toBe("es");
    expect(localeFromAcceptLanguage("de")).toBe("en");
    expect(localeFromAcceptLanguage(null)).toBe("en");
    expect(localeFromAcceptLanguage("es ;q=0.9, en;q=0.8")).toBe("es"); // whitespace before a parameter is allowed
    expect(localeFromAcceptLanguage("de,es")).toBe("es"); // any listed language we have, not only the first
    expect(localeFromAcceptLanguage("es;q=0,en;q=0.5")).toBe("en"); // q=0 means "not this one"
  });

  it("translates with plurals and interpolation", () => {
    expect(translatorFor("en")("api.locked", { count: 1 })).toBe("Too many failed attempts. Try again in 1 minute.");
    expect(translatorFor("es")("api.locked", { count: 15 })).toBe("Demasiados intentos fallidos. Inténtalo de nuevo en 15 minutos.");
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

  it("prints the text limits the schemas enforce, in every language and without a copied number", () => {
    const transaction = transactionCreateSchema.shape;
    const cases: Array<[key: string, field: z.ZodType]> = [
      ["validation.nameLength", nameSchema],
      ["ledger.errors.nameLength", accountNameSchema],
      ["ledger.errors.institutionLength", accountCreateSchema.shape.institution],
      ["ledger.errors.categoryNameLength", categoryCreateSchema.shape.name],
      ["ledger.errors.descriptionLength", transaction.description],
      ["ledger.errors.payeeLength", transaction.payee],
      ["ledger.errors.notesLength", transaction.notes],
      ["ledger.errors.search", listQueryObject.shape.q],
      ["ledger.errors.fileNameLength", importQuerySchema.shape.fileName],
      // The CSV import's reasons for leaving a row out, which name the same limits.
      ["api.importDescription", transaction.description],
      ["api.importPayee", transaction.payee],
      ["api.importNotes", transaction.notes],
      ["api.importCategoryLength", categoryCreateSchema.shape.name],
    ];
    for (const [key, field] of cases) {
      // The longest text the schema takes, found by asking it, not by reading a constant.
      const takes = (length: number) => field.safeParse("a".repeat(length)).success;
      let limit = 1;
      while (takes(limit + 1)) limit++;
      expect(limit, key).toBeLessThan(5000);
      for (const [lng, messages, unit] of [["en", en, "characters"], ["es", es, "caracteres"]] as const) {
        expect(textOf(messages, key), `${lng} ${key}`).toMatch(/\{\{\w+Max\}\}/);
        expect(translatorFor(lng)(key), `${lng} ${key}`).toContain(`${limit} ${unit}`);
      }
    }
  });

  it("gives i18next's text for every key, count and value, in both languages", async () => {
    for (const [lng, messages] of [["en", en], ["es", es]] as const) {
      const expected = await reference(lng);
      // A page's translator, made with the app's options over the namespaces.
      const t = createTranslate(lng, messages);
      const all = keys(messages);
      for (const key of all) expect(t(key), `${lng} ${key}`).toBe(expected(key));
      // Every text's placeholders filled, and every plural family at counts of each form.
      const bases = new Set(all.map((key) => key.replace(PLURAL_SUFFIX, "")));
      for (const base of bases) {
        const family = all.filter((key) => key === base || key.replace(PLURAL_SUFFIX, "") === base);
        const names = new Set(family.flatMap((key) => [...textOf(messages, key).matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1]!.trim())));
        const values = Object.fromEntries([...names].map((name) => [name, `<${name} & "x">`]));
        expect(t(base, values), `${lng} ${base}`).toBe(expected(base, values));
        if (family.some((key) => PLURAL_SUFFIX.test(key))) {
          // Our one difference: a count's thousands are grouped ("1,000"), as amounts are.
          for (const count of [0, 1, 2, 5, 21, 1000, 1.5]) expect(t(base, { ...values, count }), `${lng} ${base} ${count}`).toBe(expected(base, { ...values, count }).replaceAll("1000", "1,000"));
        }
      }
    }
  });

  it("answers like i18next at the edges: unknown keys, missing, empty and null values, values that look like placeholders", async () => {
    const expected = await reference("en");
    const t = createTranslate("en", en);
    const cases: Array<[string, Record<string, unknown>?]> = [
      ["no.such.key"],
      ["errors.unmatched"],
      ["errors.unmatched", {}],
      ["errors.unmatched", { path: undefined }],
      ["errors.unmatched", { path: null }],
      ["errors.unmatched", { path: "" }],
      ["errors.unmatched", { path: 0 }],
      ["errors.unmatched", { path: "{{passwordMax}}" }],
      ["errors.unmatched", { path: { toString: () => "/object" } }],
      ["validation.passwordMax", { passwordMax: 3 }],
      ["api.locked", { count: "2" }],
    ];
    for (const [key, options] of cases) expect(t(key, options), `${key} ${JSON.stringify(options)}`).toBe(expected(key, options));
    // Only the default variables themselves print: not what every object inherits.
    expect(t("errors.unmatched", { path: "{{constructor}}" })).toBe("Page not found: {{constructor}}");
    const unmatched = browserEn.errors.unmatched;
    const withInherited = createTranslate("en", { ...browserEn, errors: { ...browserEn.errors, unmatched: unmatched.replace("{{path}}", "{{constructor}} {{toString}}") } });
    expect(withInherited("errors.unmatched")).toBe("Page not found: {{constructor}} {{toString}}");
    // A branch is not a text: it answers its key like any unknown key (i18next printed a warning sentence).
    expect(t("app")).toBe("app");
  });

  it("has every plural form each language's rules name, so a million never prints the key", async () => {
    // Spanish calls a million `many` (CLDR); i18next looks for `key_many` and, without it, prints the key.
    expect(new Intl.PluralRules("es").select(1_000_000)).toBe("many");
    expect(translatorFor("es")("importFlow.import.summary", { count: 1_000_000 })).toBe("1,000,000 movimientos importados");
    // Why the `_many` forms are there: without them i18next answered the key itself.
    const withoutMany = JSON.parse(JSON.stringify(es, (key: string, value: unknown) => (key.endsWith("_many") ? undefined : value))) as Tree;
    expect((await reference("es", { en, es: withoutMany }))("importFlow.import.summary", { count: 1_000_000 })).toBe("importFlow.import.summary");
    // Every family has its language's forms (`zero` optional; i18next looks for it at 0).
    for (const [lng, messages] of [["en", en], ["es", es]] as const) {
      const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories.filter((category) => category !== "zero");
      const all = keys(messages);
      const families = new Set(all.filter((key) => /_(one|two|few|many|other)$/.test(key)).map((key) => key.replace(PLURAL_SUFFIX, "")));
      expect(families.size, lng).toBeGreaterThan(10);
      for (const base of families) for (const category of categories) expect(all, `${lng} ${base}`).toContain(`${base}_${category}`);
    }
  });

  it("groups a count's thousands the way amounts are written, in both languages; other numbers print as given", () => {
    expect(translatorFor("en")("ledger.totals.count", { count: 3000 })).toBe("3,000 transactions");
    expect(translatorFor("es")("ledger.totals.count", { count: 3000 })).toBe("3,000 movimientos");
    expect(translatorFor("es")("ledger.totals.count", { count: 999 })).toBe("999 movimientos");
    // Any other number is printed as given: a line of a file is not a quantity.
    expect(translatorFor("en")("importFlow.import.line", { line: 1000 })).toBe("Line 1000");
    // A count that is not a whole number is printed as given, not rounded.
    expect(translatorFor("en")("ledger.totals.count", { count: 1234.5678 })).toBe("1234.5678 transactions");
    expect(formatCount(50_000)).toBe("50,000");
  });

  it("answers a key the language lacks in English, in the API's translator only", () => {
    const { unmatched: _, ...errors } = browserEs.errors;
    const spanishWithAGap = { ...browserEs, errors } as unknown as typeof browserEs;
    expect(createTranslate("es", spanishWithAGap, en)("errors.unmatched", { path: "/x" })).toBe("Page not found: /x");
    expect(createTranslate("es", spanishWithAGap)("errors.unmatched", { path: "/x" })).toBe("errors.unmatched");
    // A plural family is taken whole from one language: English's `_zero` never beats Spanish's forms.
    const english = { n: { items_zero: "no items", items_one: "{{count}} item", items_other: "{{count}} items" } };
    const spanish = { n: { items_one: "{{count}} elemento", items_other: "{{count}} elementos" } };
    expect(createTranslate("es", spanish, english)("n.items", { count: 0 })).toBe("0 elementos");
    expect(createTranslate("es", {}, english)("n.items", { count: 0 })).toBe("no items");
  });

  it("reads a supported language from a cookie's value, or none", () => {
    expect(supportedLocaleOf("es")).toBe("es");
    expect(supportedLocaleOf("es-PE")).toBe("es");
    expect(supportedLocaleOf("EN")).toBe("en");
    expect(supportedLocaleOf("fr")).toBeUndefined();
    expect(supportedLocaleOf(undefined)).toBeUndefined();
    expect(supportedLocaleOf(7)).toBeUndefined();
  });

  it("serves both languages to the server, the browser and the API from one set of strings", () => {
    expect(resources.en.common).toBe(enFirstVisit.common);
    expect(resources.en.ledger).toBe(enFirstVisit.ledger);
    expect(resources.es.common).toBe(esFirstVisit.common);
    expect(bundlesOf(browserEn)).toEqual(enFirstVisit);
    expect(settingsTexts.es.settings).toBe(resources.es.settings);
  });
});
