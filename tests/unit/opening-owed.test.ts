/** A card's or a loan's opening balance typed without a sign (ADR 089): when it is asked, and what an answer saves. */
import { describe, expect, it } from "vitest";
import { createTranslate } from "./i18n-helpers";
import { en } from "../../core/i18n/locales/en";
import { accountsPageTexts } from "../../core/i18n/page-texts/accounts-page";
import { owedQuestionFor, withOpeningAnswer } from "../../app/routes/accounts/opening-owed";

const t = createTranslate("en", { ...en, ...accountsPageTexts.en });
const card = { name: "Visa", type: "credit_card", currency: "PEN", openingBalance: "1,500.00" };

describe("the owed question", () => {
  it("is asked of a card or a loan typed positive without a sign, and of nothing else", () => {
    expect(owedQuestionFor(card, t)).toMatchObject({ asked: "1,500.00", question: "Do you owe S/\u00a01,500.00 on “Visa”? What you owe is saved with a minus: -\u2060S/\u00a01,500.00." });
    expect(owedQuestionFor({ ...card, type: "loan", currency: "JPY", openingBalance: "150000" }, t)?.asked).toBe("150000");
    for (const other of [{ type: "savings" }, { openingBalance: "-1500" }, { openingBalance: "+1500" }, { openingBalance: "(1500)" }, { openingBalance: "0" }, { openingBalance: "doce" }]) expect(owedQuestionFor({ ...card, ...other }, t), JSON.stringify(other)).toBeUndefined();
  });

  it("takes an answer only about the figure asked, and makes owed negative", () => {
    const answered = { ...card, openingAsked: "1,500.00" };
    expect(withOpeningAnswer({ ...answered, openingAnswer: "owed" }).openingBalance).toBe("-1,500.00");
    expect(owedQuestionFor({ ...answered, openingAnswer: "owed" }, t)).toBeUndefined();
    expect(withOpeningAnswer({ ...answered, openingAnswer: "favour" }).openingBalance).toBe("1,500.00");
    expect(owedQuestionFor({ ...answered, openingAnswer: "favour" }, t)).toBeUndefined();
    // The figure changed after the question: asked again, not saved by the old answer.
    expect(withOpeningAnswer({ ...answered, openingBalance: "2000", openingAnswer: "owed" }).openingBalance).toBe("2000");
    expect(owedQuestionFor({ ...answered, openingBalance: "2000", openingAnswer: "owed" }, t)?.asked).toBe("2000");
    // A minus typed meanwhile, another type, or an answer that is none: left as typed.
    expect(withOpeningAnswer({ ...answered, openingBalance: "-1500", openingAsked: "-1500", openingAnswer: "owed" }).openingBalance).toBe("-1500");
    expect(withOpeningAnswer({ ...answered, type: "savings", openingAnswer: "owed" }).openingBalance).toBe("1,500.00");
    expect(withOpeningAnswer({ ...answered, openingAnswer: "yes" }).openingBalance).toBe("1,500.00");
  });
});
