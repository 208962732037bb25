/**
 * Validation shared by the forms (in the browser), the actions and the API. Messages are i18n
 * keys; each side translates them into the user's language. Password strength (zxcvbn) is
 * checked by the API only, to keep its dictionaries out of the browser bundle.
 */
import { z } from "zod";

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

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

export const nameSchema = z.string({ error: "validation.required" }).trim().min(1, { error: "validation.required" }).max(80, { error: "validation.nameLength" });

/** "on" from a checkbox, true from JSON. */
const checkbox = z.union([z.boolean(), z.literal("on")]).optional().transform((value) => value === true || value === "on");

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "validation.required" }).min(1, { error: "validation.required" }).max(PASSWORD_MAX, { error: "validation.passwordMax" }),
  remember: checkbox,
});

function confirmed<T extends z.ZodRawShape>(shape: T, field: string, confirmField: string) {
  return z.object(shape).superRefine((value, ctx) => {
    const record = value as Record<string, unknown>;
    if (record[field] !== record[confirmField]) {
      ctx.addIssue({ code: "custom", path: [confirmField], message: "validation.passwordMismatch" });
    }
  });
}

export const signupSchema = confirmed(
  { name: nameSchema, email: emailSchema, password: passwordSchema, confirmPassword: z.string({ error: "validation.required" }).min(1, { error: "validation.required" }) },
  "password",
  "confirmPassword",
);

export const recoverSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = confirmed(
  { password: passwordSchema, confirmPassword: z.string({ error: "validation.required" }).min(1, { error: "validation.required" }) },
  "password",
  "confirmPassword",
);

export const changePasswordSchema = confirmed(
  {
    currentPassword: z.string({ error: "validation.required" }).min(1, { error: "validation.required" }).max(PASSWORD_MAX),
    password: passwordSchema,
    confirmPassword: z.string({ error: "validation.required" }).min(1, { error: "validation.required" }),
  },
  "password",
  "confirmPassword",
);

/** 256 bits, base64url without padding: 43 characters. */
export const LINK_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export { issuesByField } from "../validation-issues";
