/**
 * Password hashing with scrypt (node:crypto through nodejs_compat). Argon2id is not available on
 * Workers and PBKDF2 is capped at 100,000 iterations there, below OWASP's advice; scrypt at an
 * OWASP-listed setting fits (docs/decisions/003-password-hashing.md).
 *
 * Stored form: `scrypt$N=16384,r=8,p=5$<salt base64url>$<key base64url>`: algorithm and
 * parameters travel with each hash so they can be raised later and upgraded at sign-in.
 */
import { scryptSync } from "node:crypto";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as zxcvbnCommon from "@zxcvbn-ts/language-common";
import * as zxcvbnEn from "@zxcvbn-ts/language-en";
import * as zxcvbnEs from "@zxcvbn-ts/language-es-es";
import { passwordFeedback as passwordFeedbackEn } from "../../../../core/i18n/locales/en/password-feedback";
import { passwordFeedback as passwordFeedbackEs } from "../../../../core/i18n/locales/es/password-feedback";
import { foldedForMatching } from "../../../../core/plain-text";
import { base64url, constantTimeEqual } from "../platform/crypto";

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

const KEY_LENGTH = 32;
/** workerd refuses N·r·p above 2^20. */
const MAX_WORK = 2 ** 20;

export function parseParams(text: string): ScryptParams {
  const values = Object.fromEntries(text.split(",").map((part) => part.trim().split("=") as [string, string]));
  const params = { N: Number(values.N), r: Number(values.r), p: Number(values.p) };
  const valid =
    Number.isInteger(params.N) && params.N > 1 && (params.N & (params.N - 1)) === 0 && Number.isInteger(params.r) && params.r > 0 && Number.isInteger(params.p) && params.p > 0 && params.N * params.r * params.p <= MAX_WORK;
  if (!valid) throw new Error(`Invalid scrypt parameters: ${text}`);
  return params;
}

function formatParams({ N, r, p }: ScryptParams): string {
  return `N=${N},r=${r},p=${p}`;
}

function derive(password: string, salt: Uint8Array, params: ScryptParams): Uint8Array {
  const maxmem = 128 * params.N * params.r + 1024 * 1024;
  return new Uint8Array(scryptSync(password.normalize("NFKC"), salt, KEY_LENGTH, { ...params, maxmem }));
}

export function hashPassword(password: string, params: ScryptParams): string {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = derive(password, salt, params);
  return `scrypt$${formatParams(params)}$${base64url(salt)}$${base64url(key)}`;
}

function fromBase64url(text: string): Uint8Array {
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

/**
 * A stored hash no password matches (`verifyPassword` answers false for any other algorithm): an
 * account whose email was taken back by its owner waits for a new password (ADR 032).
 */
export const UNUSABLE_PASSWORD_HASH = "unusable";

/**
 * Password checks made by this isolate, counted: the one way a test can see how many guesses of a
 * burst were hashed (the lockout's promise is "at most 5", and answers alone cannot show it).
 */
export const passwordChecks = { count: 0 };

export function verifyPassword(password: string, stored: string): boolean {
  passwordChecks.count += 1;
  const [algorithm, paramText, saltText, keyText] = stored.split("$");
  if (algorithm !== "scrypt" || !paramText || !saltText || !keyText) return false;
  const key = derive(password, fromBase64url(saltText), parseParams(paramText));
  return constantTimeEqual(key, fromBase64url(keyText));
}

/** True when the hash was made with other parameters than today's: rehash at the next sign-in. */
export function needsRehash(stored: string, current: ScryptParams): boolean {
  const [algorithm, paramText] = stored.split("$");
  return algorithm !== "scrypt" || paramText !== formatParams(current);
}

let dummyHash: { params: string; hash: string } | null = null;

/**
 * Spends the same work as a real check when the email is unknown, so the answer time does not
 * tell whether an account exists.
 */
export function verifyAgainstDummy(password: string, params: ScryptParams): void {
  const key = formatParams(params);
  if (!dummyHash || dummyHash.params !== key) dummyHash = { params: key, hash: hashPassword("tesoro-dummy-password", params) };
  verifyPassword(password, dummyHash.hash);
}

const checkers = new Map<string, { checker: ZxcvbnFactory; feedback: typeof passwordFeedbackEn }>();

/** One checker per language (the feedback sentences differ), with its sentences; dictionaries of both languages in each. */
function checkerFor(locale: string): { checker: ZxcvbnFactory; feedback: typeof passwordFeedbackEn } {
  const key = locale === "es" ? "es" : "en";
  let entry = checkers.get(key);
  if (!entry) {
    const feedback = key === "es" ? passwordFeedbackEs : passwordFeedbackEn;
    const checker = new ZxcvbnFactory({
      graphs: zxcvbnCommon.adjacencyGraphs,
      dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary, ...zxcvbnEs.dictionary },
      // The library's sentences, in this app's own wording (app/i18n/locales/*/password-feedback.ts).
      translations: { ...(key === "es" ? zxcvbnEs.translations : zxcvbnEn.translations), ...feedback },
    });
    entry = { checker, feedback };
    checkers.set(key, entry);
  }
  return entry;
}

export const MIN_PASSWORD_SCORE = 3;

/**
 * The words a guesser would try first for this person. zxcvbn matches each input as one
 * dictionary word, so "Juan Quispe" alone never matched "juanquispe1990": each name, the name
 * run together, and the email's local part and its pieces are given too.
 */
export function personalWords(inputs: string[]): string[] {
  const words = new Set<string>();
  for (const input of inputs) {
    const text = input.trim().toLowerCase();
    if (!text) continue;
    words.add(text);
    const [local = text] = text.split("@");
    const parts = local.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    words.add(local);
    words.add(parts.join(""));
    for (const part of parts) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/**
 * zxcvbn-ts score (0–4) with the user's own name and email as extra words. Feedback comes back
 * as a sentence in the user's language when zxcvbn has one.
 */
export function passwordStrength(password: string, userInputs: string[], locale: string): { score: number; warning: string | null } {
  const { checker, feedback } = checkerFor(locale);
  const words = personalWords(userInputs);
  const result = checker.check(password, words);
  const warning = result.feedback.warning || result.feedback.suggestions[0] || null;
  if (result.score < MIN_PASSWORD_SCORE) return { score: result.score, warning };
  // zxcvbn prices each of the person's words as one dictionary word among thousands, so
  // "quispejuan2026" or "juan1990quispe" passed. Someone guessing at this person starts from their
  // names and years: what is left without those words must be a strong password by itself.
  const rest = withoutPersonalWords(password, words);
  if (rest === null) return { score: result.score, warning };
  const restScore = rest ? checker.check(rest, words).score : 0;
  if (restScore >= MIN_PASSWORD_SCORE) return { score: result.score, warning };
  return { score: restScore, warning: feedback.warnings.userInputs };
}

/** The password without the person's words of 3 letters or more (longest first); null when it holds none. */
function withoutPersonalWords(password: string, words: string[]): string | null {
  // Compared without case or accents: "María" is in "maria1990".
  let rest = foldedForMatching(password);
  const before = rest;
  for (const word of words.map(foldedForMatching).filter((w) => w.length >= 3).sort((a, b) => b.length - a.length)) rest = rest.split(word).join("");
  return rest === before ? null : rest;
}
