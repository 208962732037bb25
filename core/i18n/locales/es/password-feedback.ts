import type { TranslationKeys } from "@zxcvbn-ts/core";
import texts from "./password-feedback.json";

/**
 * The Spanish of zxcvbn's feedback: the library's es-es sentences lacked final periods in places,
 * used straight quotes and mixed "tú" with "usted"; these use straight quotes and "tú" throughout.
 */
export const passwordFeedback = texts satisfies Pick<TranslationKeys, "warnings" | "suggestions">;
