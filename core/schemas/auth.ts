/**
 * Validation shared by the forms (in the browser), the actions and the API. Messages are i18n
 * keys; each side translates them into the user's language. Password strength (zxcvbn) is
 * checked by the API only, to keep its dictionaries out of the browser bundle.
 */
import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN, TEXT_LIMITS } from "../input-limits";
import { singleLineText } from "../plain-text";

export const emailSchema = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .max(254, { error: "validation.email" })
  .pipe(z.email({ error: "validation.email" }));

export const passwordSchema = z
  .string({ error: "validation.required" })
  .min(1, { error: "validation.required" })
  .min(PASSWORD_MIN, { error: "validation.passwordMin" })
  .max(PASSWORD_MAX, { error: "validation.passwordMax" });

export const nameSchema = z.string({ error: "validation.required" }).overwrite(singleLineText).trim().min(1, { error: "validation.required" }).max(TEXT_LIMITS.userName, { error: "validation.nameLength" });

/** "on" from a checkbox, true from JSON. */
const checkbox = z.union([z.boolean(), z.literal("on")]).optional().transform((value) => value === true || value === "on");

/**
 * A password the user already has (sign-in, current password, delete account): required, and
 * never longer than any password we accept, with the same "too long" message as a new one.
 */
export const existingPasswordSchema = z.string({ error: "validation.required" }).min(1, { error: "validation.required" }).max(PASSWORD_MAX, { error: "validation.passwordMax" });

export const loginSchema = z.object({
  email: emailSchema,
  password: existingPasswordSchema,
  remember: checkbox,
});

/**
 * Every form that sets a password has the same pair: `password` (the rules above) and
 * `confirmPassword`, whose only rule is to match. A password that is too long is told so on
 * its own field; the confirmation is not also called "too long" (one message per mistake).
 */
function withNewPassword<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...shape, password: passwordSchema, confirmPassword: z.string({ error: "validation.required" }).min(1, { error: "validation.required" }) })
    .superRefine((value, ctx) => {
      // The generic shape hides the two fields from the checker; they are there (just above).
      const { password, confirmPassword } = value as { password: string; confirmPassword: string };
      if (password !== confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "validation.passwordMismatch" });
    });
}

export const signupSchema = withNewPassword({ name: nameSchema, email: emailSchema });

export const recoverSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = withNewPassword({});

/** A change that keeps the same password would sign the other devices out for nothing. */
export const changePasswordSchema = withNewPassword({ currentPassword: existingPasswordSchema }).superRefine((value, ctx) => {
  // Only a password the rules accept: one refused already has its reason.
  if (value.password === value.currentPassword && passwordSchema.safeParse(value.password).success) ctx.addIssue({ code: "custom", path: ["password"], message: "validation.passwordUnchanged" });
});

/** 256 bits, base64url without padding: 43 characters. */
export const LINK_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export { issuesByField } from "./validation-issues";
