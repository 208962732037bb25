/**
 * Currency names the runtime's ICU may not have yet. Workerd's ICU (Nov 2026) names neither the
 * Sierra Leonean leone of 2022 (SLE), nor Zimbabwe Gold of 2024 (ZWG), nor the Caribbean guilder
 * of 2025 (XCG), and has no Spanish name for ALBA's sucre (XSU); Node 24's ICU 78 (CLDR 48) has
 * them all. These are CLDR 48's names, so both runtimes say the same (the picker is named on the
 * server, the camera in the browser). Intl's own name wins wherever it exists.
 */
export const CURRENCY_NAME_FALLBACK: Readonly<Record<"en" | "es", Readonly<Record<string, string>>>> = {
  en: { SLE: "Sierra Leonean Leone", XCG: "Caribbean guilder", ZWG: "Zimbabwean Gold", XSU: "Sucre" },
  es: { SLE: "leona sierraleonesa", XCG: "florín caribeño", ZWG: "oro zimbabuense", XSU: "sucre" },
};
