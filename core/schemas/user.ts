import { z } from "zod";
import { canonicalTimeZone, isValidTimeZone } from "../dates";
import { nameSchema } from "./auth";

/** Preferences a user can change; every field optional, at least one present. */
export const preferencesSchema = z
  .object({
    name: nameSchema.optional(),
    locale: z.enum(["en", "es"], { error: "validation.invalid" }).optional(),
    timeZone: z.string().refine(isValidTimeZone, { error: "validation.invalid" }).transform(canonicalTimeZone).optional(),
    theme: z.enum(["system", "light", "dark"], { error: "validation.invalid" }).optional(),
  })
  .strict()
  .refine((value) => Object.values(value).some((v) => v !== undefined), { error: "validation.required" });
