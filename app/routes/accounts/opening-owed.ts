/**
 * A card's or a loan's opening balance typed without a sign (ADR 089). A statement calls what is
 * owed "the balance", and a phone's decimal keypad has no minus key, so "1500" on a new credit card
 * was saved as S/ 1,500 the user has (session 36 QA). The create action asks which it is; the
 * answer (`openingAnswer`: "owed" or "favour") comes back with the form. Shared by the action and
 * the form's prompt; no server-only code.
 */
import { formatMoney, formatSignedMoneyInText, parseTypedAmount } from "../../../core/money";
import type { Translate } from "../../../core/i18n/translate";

export type OwedQuestion = { owedQuestion?: { question: string; owed: string; favour: string; asked: string } };

const DEBT_TYPES: readonly string[] = ["credit_card", "loan"];
/** The form's currency (a new account's default when none was sent). */
const currencyOf = (values: Record<string, string>) => values.currency || "PEN";

/** The opening balance's magnitude when it is a card's or a loan's, typed positive without a sign; else none. */
function unsignedDebt(values: Record<string, string>): number | undefined {
  const text = values.openingBalance?.trim() ?? "";
  if (!DEBT_TYPES.includes(values.type ?? "") || /^[+\-−(]/.test(text)) return undefined;
  const typed = parseTypedAmount(text, currencyOf(values));
  return typed.ok && !typed.negative && typed.magnitude > 0 ? typed.magnitude : undefined;
}

/**
 * The answer, if it answers the question about this very balance: the text asked about comes back
 * with it (`openingAsked`), so a balance changed after the question (or a type changed) is asked
 * about again, not saved by an answer about another figure.
 */
function answerOf(values: Record<string, string>): "owed" | "favour" | undefined {
  const answer = values.openingAnswer;
  if (answer !== "owed" && answer !== "favour") return undefined;
  return values.openingAsked === (values.openingBalance?.trim() ?? "") ? answer : undefined;
}

/** The question to ask before creating, or none (another type, a sign typed, zero, or answered). */
export function owedQuestionFor(values: Record<string, string>, t: Translate): OwedQuestion["owedQuestion"] {
  const magnitude = unsignedDebt(values);
  if (magnitude === undefined || answerOf(values)) return undefined;
  const currency = currencyOf(values);
  // In running text the minus stays with its figure (a word joiner), as the archive question's does.
  const owed = formatSignedMoneyInText(-magnitude, currency);
  const favour = formatMoney(magnitude, currency);
  return { question: t("accountsPage.owedQuestion", { amount: favour, name: values.name?.trim() ?? "", owed }), owed, favour, asked: values.openingBalance?.trim() ?? "" };
}

/** The opening balance as the answer says: owed goes with a minus (only on the unsigned figure asked about). */
export function withOpeningAnswer(values: Record<string, string>): Record<string, string> {
  if (answerOf(values) !== "owed" || unsignedDebt(values) === undefined) return values;
  return { ...values, openingBalance: `-${values.openingBalance!.trim()}` };
}

export function owedQuestionOf(answer: unknown): NonNullable<OwedQuestion["owedQuestion"]> | undefined {
  return answer && typeof answer === "object" && "owedQuestion" in answer ? (answer as OwedQuestion).owedQuestion : undefined;
}
