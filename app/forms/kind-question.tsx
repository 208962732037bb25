/**
 * The question a movement's form asks before saving when the category's kind disagrees with the
 * direction (ADR 051): save it that way anyway, or turn it the other way. Two submit buttons, so
 * it works without JavaScript: the action reads `kindConfirmed` or `directionAnswer`.
 */
import type { Translate } from "../../core/i18n/translate";
import type { Direction } from "../../core/ledger-values";
import * as ui from "../styles/ui.css";

export type KindQuestion = { kindQuestion?: { question: string; direction: Direction; other: Direction } };

/** The question a refusal carries, if it is one. */
export function kindQuestionOf(answer: unknown): NonNullable<KindQuestion["kindQuestion"]> | undefined {
  return answer && typeof answer === "object" && "kindQuestion" in answer ? (answer as KindQuestion).kindQuestion : undefined;
}

export function KindQuestionPrompt({ question, busy, onOther, t }: { question: NonNullable<KindQuestion["kindQuestion"]>; busy: boolean; onOther: (direction: Direction) => void; t: Translate }) {
  return (
    <div role="alert" className={ui.alert.warning} data-testid="kind-question">
      <p style={{ marginTop: 0 }}>{question.question}</p>
      <div className={ui.row}>
        <button type="submit" name="kindConfirmed" value="1" className={ui.button.primary} disabled={busy}>
          {t("ledger.moneyInOut.saveAnyway", { direction: t(`ledger.moneyInOut.directions.${question.direction}`) })}
        </button>
        <button type="submit" name="directionAnswer" value={question.other} className={ui.button.secondary} disabled={busy} onClick={() => onOther(question.other)}>
          {t("ledger.moneyInOut.switchTo", { direction: t(`ledger.moneyInOut.directions.${question.other}`) })}
        </button>
      </div>
    </div>
  );
}
