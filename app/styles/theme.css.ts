/**
 * Theme colours from the seed (primary green, secondary blue, success green, info blue, warning
 * yellow, error red, neutral slate), light and dark, as one vanilla-extract contract. The dark
 * set applies when the user chose dark, or chose "system" and the device prefers dark.
 */
import { createGlobalTheme, createGlobalThemeContract, globalStyle } from "@vanilla-extract/css";

export const vars = createGlobalThemeContract({
  color: {
    primary: "color-primary",
    primaryHover: "color-primary-hover",
    onPrimary: "color-on-primary",
    secondary: "color-secondary",
    onSecondary: "color-on-secondary",
    success: "color-success",
    info: "color-info",
    warning: "color-warning",
    warningSurface: "color-warning-surface",
    error: "color-error",
    errorSurface: "color-error-surface",
    successSurface: "color-success-surface",
    infoSurface: "color-info-surface",
    text: "color-text",
    textMuted: "color-text-muted",
    background: "color-background",
    backgroundMd: "color-background-md",
    surface: "color-surface",
    surfaceRaised: "color-surface-raised",
    border: "color-border",
    focus: "color-focus",
  },
  radius: { sm: "radius-sm", md: "radius-md", lg: "radius-lg" },
  space: { xs: "space-xs", sm: "space-sm", md: "space-md", lg: "space-lg", xl: "space-xl" },
  font: { body: "font-body", mono: "font-mono" },
});

const shared = {
  radius: { sm: "4px", md: "8px", lg: "12px" },
  space: { xs: "4px", sm: "8px", md: "16px", lg: "24px", xl: "40px" },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  },
};

// Tailwind-like palette values; text colours keep WCAG AA contrast on their surfaces.
const light = {
  color: {
    primary: "#15803d",
    primaryHover: "#166534",
    onPrimary: "#ffffff",
    secondary: "#1d4ed8",
    onSecondary: "#ffffff",
    success: "#15803d",
    info: "#1d4ed8",
    warning: "#854d0e",
    warningSurface: "#fef9c3",
    error: "#b91c1c",
    errorSurface: "#fee2e2",
    successSurface: "#dcfce7",
    infoSurface: "#dbeafe",
    text: "#0f172a",
    textMuted: "#475569",
    background: "#ffffff",
    backgroundMd: "#f1f5f9",
    surface: "#ffffff",
    surfaceRaised: "#ffffff",
    border: "#cbd5e1",
    focus: "#1d4ed8",
  },
  ...shared,
};

const dark = {
  color: {
    primary: "#22c55e",
    primaryHover: "#4ade80",
    onPrimary: "#052e16",
    secondary: "#60a5fa",
    onSecondary: "#0b1120",
    success: "#4ade80",
    info: "#60a5fa",
    warning: "#facc15",
    warningSurface: "#422006",
    error: "#f87171",
    errorSurface: "#450a0a",
    successSurface: "#052e16",
    infoSurface: "#172554",
    text: "#f1f5f9",
    textMuted: "#94a3b8",
    background: "#0f172a",
    backgroundMd: "#020617",
    surface: "#1e293b",
    surfaceRaised: "#334155",
    border: "#475569",
    focus: "#93c5fd",
  },
  ...shared,
};

createGlobalTheme(":root", vars, light);
createGlobalTheme(":root[data-theme='dark']", vars, dark);
globalStyle(":root", { colorScheme: "light dark" });
globalStyle(":root[data-theme='light']", { colorScheme: "light" });
globalStyle(":root[data-theme='dark']", { colorScheme: "dark" });
// "system": follow the device.
globalStyle(":root:not([data-theme='light'])", {
  "@media": {
    "(prefers-color-scheme: dark)": {
      vars: Object.fromEntries(flatten(vars, dark)),
    },
  },
});

function flatten(contract: Record<string, unknown>, values: Record<string, unknown>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(contract)) {
    const v = values[key];
    if (typeof value === "string") out.push([value, String(v)]);
    else out.push(...flatten(value as Record<string, unknown>, v as Record<string, unknown>));
  }
  return out;
}

/** `md` and up; `belowMd` is everything narrower (phones), the exact complement of `md`. */
/** `narrow`: the smallest phones (320–359 px wide), where a row laid out for 390 px does not fit. */
export const breakpoints = { md: "screen and (min-width: 768px)", belowMd: "screen and (max-width: 767.98px)", narrow: "screen and (max-width: 359.98px)" };
