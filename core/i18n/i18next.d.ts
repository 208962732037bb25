import "i18next";
import type { EnglishResources } from "./resources";

/**
 * i18next's typed resources, from the English JSON: its own `t` checks keys against them (the
 * app's `Translate` takes any string, as its call sites build keys at run time). resources.ts
 * holds Spanish to the same keys.
 */
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: EnglishResources;
    nsSeparator: ".";
    keySeparator: ".";
  }
}
