import type { TranslationKeys } from "@zxcvbn-ts/core";
import texts from "./password-feedback.json";

/**
 * zxcvbn's password feedback, as the API words it (namespace `passwordFeedback`): the library's
 * own sentences, with this app's quotes and the "personal data" warning said for what it means
 * here. Only the API uses these (workers/api/src/password.ts). Typed against zxcvbn-ts's keys, so
 * a key renamed by an upgrade fails the type check, not a sign-up.
 */
export const passwordFeedback = texts satisfies Pick<TranslationKeys, "warnings" | "suggestions">;
