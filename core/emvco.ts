/**
 * EMVCo merchant-presented QR (EMV QRCPS-MPM), the format behind the interoperable Yape/Plin
 * QR codes in Peru and most bank QR codes worldwide.
 *
 * The payload is a run of TLV fields: two-digit id, two-digit length, value. Templates (ids
 * 26–51 merchant accounts, 62 additional data, 64 language, 80–99 unreserved) nest the same
 * TLVs. The last field is the CRC (id 63, length 04): CRC-16/CCITT-FALSE (poly 0x1021, init
 * 0xFFFF) over everything before its value, "6304" included, in upper-case hex.
 *
 * Pure and dependency-free so it runs in the browser, the API and the unit tests alike.
 */
import { parseAmount, toDecimalString } from "./money";

export interface EmvField {
  id: string;
  value: string;
}

export interface EmvMerchantAccount {
  /** Template id, "02"–"51". */
  id: string;
  /** Sub-field 00 of templates 26–51: a reverse-domain id or an AID naming the network. */
  globallyUniqueId: string | null;
  /** Raw value (primitive ids 02–25 carry the account directly). */
  value: string;
}

export interface EmvPayload {
  payloadFormat: string;
  /** "11" static (amount typed by the payer) or "12" dynamic (one payment, amount fixed). */
  initiation: "static" | "dynamic" | null;
  merchantName: string | null;
  merchantCity: string | null;
  countryCode: string | null;
  postalCode: string | null;
  merchantCategoryCode: string | null;
  /** ISO 4217 numeric, as in the payload ("604"). */
  currencyNumeric: string | null;
  /** ISO 4217 alpha when known ("PEN", "USD"). */
  currency: string | null;
  /** Decimal string with a dot, normalised to the currency's digits ("12.50"); null when absent. */
  amount: string | null;
  /** Amount in minor units, when present and the currency is known. */
  amountMinor: number | null;
  /** Sub-fields of template 62 that people recognise. */
  billNumber: string | null;
  storeLabel: string | null;
  reference: string | null;
  terminalLabel: string | null;
  purpose: string | null;
  merchantAccounts: EmvMerchantAccount[];
  crc: string;
  fields: EmvField[];
}

export type EmvParseError = "not-emv" | "truncated" | "malformed" | "missing-crc" | "bad-crc";

export type EmvParseResult = { ok: true; payload: EmvPayload } | { ok: false; error: EmvParseError };

/** ISO 4217 numeric → alpha for the currencies a Peruvian merchant QR carries, plus neighbours. */
const NUMERIC_CURRENCIES: Record<string, string> = {
  "604": "PEN",
  "840": "USD",
  "978": "EUR",
  "032": "ARS",
  "068": "BOB",
  "152": "CLP",
  "170": "COP",
  "484": "MXN",
  "986": "BRL",
};

export function currencyFromNumeric(numeric: string): string | null {
  return NUMERIC_CURRENCIES[numeric] ?? null;
}

/** CRC-16/CCITT-FALSE as EMVCo specifies it, four upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  const bytes = new TextEncoder().encode(text);
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/**
 * Splits TLVs. Lengths count characters; EMVCo restricts values to its "ans" set, but names
 * with accents appear in the wild, so characters (not bytes) are counted as most wallets do.
 */
export function parseTlv(text: string): { ok: true; fields: EmvField[] } | { ok: false; error: "truncated" | "malformed" } {
  const fields: EmvField[] = [];
  const chars = Array.from(text);
  let i = 0;
  while (i < chars.length) {
    if (i + 4 > chars.length) return { ok: false, error: "truncated" };
    const id = chars.slice(i, i + 2).join("");
    const lengthText = chars.slice(i + 2, i + 4).join("");
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) return { ok: false, error: "malformed" };
    const length = Number(lengthText);
    if (i + 4 + length > chars.length) return { ok: false, error: "truncated" };
    fields.push({ id, value: chars.slice(i + 4, i + 4 + length).join("") });
    i += 4 + length;
  }
  return { ok: true, fields };
}

/** Whether a scanned text looks like an EMVCo payload at all (so other QR codes just show their text). */
export function looksLikeEmv(text: string): boolean {
  return text.startsWith("000201");
}

export function parseEmvQr(raw: string): EmvParseResult {
  const text = raw.replace(/[\r\n]+$/, "");
  if (!looksLikeEmv(text)) return { ok: false, error: "not-emv" };
  const tlv = parseTlv(text);
  if (!tlv.ok) {
    // A cut-off payload usually fails on the length of its last field.
    return { ok: false, error: tlv.error };
  }
  const { fields } = tlv;
  const last = fields[fields.length - 1];
  if (!last || last.id !== "63") return { ok: false, error: fields.some((f) => f.id === "63") ? "malformed" : "missing-crc" };
  if (!/^[0-9A-Fa-f]{4}$/.test(last.value)) return { ok: false, error: "malformed" };
  const covered = text.slice(0, text.length - 4);
  if (crc16(covered) !== last.value.toUpperCase()) return { ok: false, error: "bad-crc" };

  const get = (id: string) => fields.find((f) => f.id === id)?.value ?? null;
  const merchantAccounts: EmvMerchantAccount[] = fields
    .filter((f) => Number(f.id) >= 2 && Number(f.id) <= 51)
    .map((f) => {
      let globallyUniqueId: string | null = null;
      if (Number(f.id) >= 26) {
        const sub = parseTlv(f.value);
        if (sub.ok) globallyUniqueId = sub.fields.find((s) => s.id === "00")?.value ?? null;
      }
      return { id: f.id, globallyUniqueId, value: f.value };
    });

  let billNumber: string | null = null;
  let storeLabel: string | null = null;
  let reference: string | null = null;
  let terminalLabel: string | null = null;
  let purpose: string | null = null;
  const additional = get("62");
  if (additional) {
    const sub = parseTlv(additional);
    if (!sub.ok) return { ok: false, error: "malformed" };
    const s = (id: string) => sub.fields.find((f) => f.id === id)?.value || null;
    billNumber = s("01");
    storeLabel = s("03");
    reference = s("05");
    terminalLabel = s("07");
    purpose = s("08");
  }

  const currencyNumeric = get("53");
  const currency = currencyNumeric ? currencyFromNumeric(currencyNumeric) : null;
  const amountText = get("54");
  let amount: string | null = null;
  let amountMinor: number | null = null;
  if (amountText !== null) {
    // EMVCo: up to 13 characters, digits and one optional dot ("10", "10.5", "10.50").
    if (!/^\d+(\.\d*)?$/.test(amountText) || amountText.length > 13) return { ok: false, error: "malformed" };
    if (currency) {
      const parsed = parseAmount(amountText.endsWith(".") ? amountText.slice(0, -1) : amountText, currency);
      if (!parsed.ok) return { ok: false, error: "malformed" };
      amountMinor = parsed.minor;
      amount = toDecimalString(parsed.minor, currency);
    } else {
      amount = amountText;
    }
  }

  const initiationCode = get("01");
  return {
    ok: true,
    payload: {
      payloadFormat: get("00") ?? "",
      initiation: initiationCode === "11" ? "static" : initiationCode === "12" ? "dynamic" : null,
      merchantName: get("59"),
      merchantCity: get("60"),
      countryCode: get("58"),
      postalCode: get("61"),
      merchantCategoryCode: get("52"),
      currencyNumeric,
      currency,
      amount,
      amountMinor,
      billNumber,
      storeLabel,
      reference,
      terminalLabel,
      purpose,
      merchantAccounts,
      crc: last.value.toUpperCase(),
      fields,
    },
  };
}

/** Builds a payload with its CRC: used by the tests and by the e2e QR generator. */
export function buildEmvQr(fields: Array<[string, string]>): string {
  const body = fields.map(([id, value]) => `${id}${String(Array.from(value).length).padStart(2, "0")}${value}`).join("");
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16(withCrcTag);
}
