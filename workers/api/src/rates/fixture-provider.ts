/**
 * The local double of BCRP (ADR 056): the recorded answer in tests/fixtures/bcrp, served through
 * the production client and parser, whatever range is asked. Tests and `npm start` use it
 * (RATES_SOURCE=fixture), so they never reach the internet and still read the real format.
 */
import recorded from "../../../../tests/fixtures/bcrp/usd-eur-2026-09-28-to-2026-11-27.json";
import { bcrpProvider } from "./bcrp";
import type { RateProvider } from "./provider";

export const RECORDED_BCRP_ANSWER = JSON.stringify(recorded);

export function fixtureProvider(body: string = RECORDED_BCRP_ANSWER): RateProvider {
  return bcrpProvider(async () => new Response(body, { status: 200, headers: { "Content-Type": "application/json" } }));
}
