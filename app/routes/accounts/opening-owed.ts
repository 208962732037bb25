/**
 * A card's or a loan's opening balance typed without a sign (ADR 089). A statement calls what is
 * owed "the balance", and a phone's decimal keypad has no minus key, so "1500" on a new credit card
 * was saved as S/ 1,500 the user has (session 36 QA). The create action asks which it is; the
 * answer (`openingAnswer`: "owed" or "favour") comes back with the form. Shared by the action and
 * the form's prompt; no server-only code.
 */
import { formatMoney, formatSignedMoneyInText, parseTypedAmount } from "../../../core/money";
import type { Translate } from "../../../core/i18n/translate";

export type OwedQuestion = { owedQuestion?: { question: string; owed: string; favour: string } };

const DEBT_TYPES: readonly string[] = ["credit_card", "loan"];

/** The question to ask before creating, or none (another type, a sign typed, zero, or answered). */
export function owedQuestionFor(values: Record<string, string>, t: Translate): OwedQuestion["owedQuestion"] {
  const text = values.openingBalance?.trim() ?? "";
  if (!DEBT_TYPES.includes(values.type ?? "") || values.openingAnswer || /^[+\-−(]/.test(text)) return undefined;
  const typed = parseTypedAmount(text, values.currency || "PEN");
  if (!typed.ok || typed.negative || typed.magnitude === 0) return undefined;
  // In running text the minus stays with its figure (a word joiner), as the archive question's does.
  const owed = formatSignedMoneyInText(-typed.magnitude, values.currency || "PEN");
  const favour = formatMoney(typed.magnitude, values.currency || "PEN");
  return { question: t("accountsPage.owedQuestion", { amount: favour, name: values.name?.trim() ?? "", owed }), owed, favour };
}

/** The opening balance as the answer says: owed goes with a minus. */
export function withOpeningAnswer(values: Record<string, string>): Record<string, string> {
  if (values.openingAnswer !== "owed" || !values.openingBalance) return values;
  return { ...values, openingBalance: `-${values.openingBalance.trim()}` };
}

export function owedQuestionOf(answer: unknown): NonNullable<OwedQuestion["owedQuestion"]> | undefined {
  return answer && typeof answer === "object" && "owedQuestion" in answer ? (answer as OwedQuestion).owedQuestion : undefined;
}
