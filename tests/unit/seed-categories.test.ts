import { describe, expect, it } from "vitest";
import { CATEGORIES } from "../../scripts/seed-ledger.mjs";
import { en } from "../../core/i18n/locales/en";
import { DEFAULT_CATEGORY_SPECS } from "../../workers/api/src/ledger/model";

describe("the demo seed's categories", () => {
  it("are the API's defaults: same keys, kinds, colours and English names", () => {
    const seeded = Object.fromEntries((CATEGORIES as Array<[string, string, string, string]>).map(([key, name, kind, color]) => [key, { name, kind, color }]));
    const api = Object.fromEntries(Object.entries(DEFAULT_CATEGORY_SPECS).map(([key, spec]) => [key, { name: en.ledger.defaultCategories[key as keyof typeof DEFAULT_CATEGORY_SPECS], ...spec }]));
    expect(seeded).toEqual(api);
  });
});
