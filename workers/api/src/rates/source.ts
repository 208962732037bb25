/** Which provider answers official rates, by RATES_SOURCE (ADR 056): `bcrp` in production, `fixture` in tests and local runs, `none` to fetch nothing. */
import type { ApiEnv } from "../platform/env";
import { bcrpProvider } from "./bcrp";
import { fixtureProvider } from "./fixture-provider";
import type { RateProvider } from "./provider";

export function rateProvider(env: Pick<ApiEnv, "RATES_SOURCE" | "ENVIRONMENT">): RateProvider | null {
  switch (env.RATES_SOURCE) {
    case "bcrp":
      return bcrpProvider();
    case "fixture":
      // Recorded figures are not today's rates: a deploy must never show them as such.
      if (env.ENVIRONMENT === "production") throw new Error("RATES_SOURCE=fixture is for tests and local runs only");
      return fixtureProvider();
    case "none":
    case undefined:
    case "":
      return null;
    default:
      throw new Error(`Unknown RATES_SOURCE: ${env.RATES_SOURCE}`);
  }
}
