/**
 * The settings forms, shared by the browser, the actions and the API. Messages are i18n keys.
 * Preferences (name, language, time zone, theme) use `preferencesSchema` from ./user; the
 * password change uses `changePasswordSchema` from ./auth (same rules as sign-up).
 */
import { z } from "zod";
import { timeZoneFromInput } from "../dates";
import { emailSchema, existingPasswordSchema as currentPassword, nameSchema } from "./auth";

/** "on" from a checkbox, true from JSON; anything else (absent) is refused. */
const mustConfirm = z.union([z.literal(true), z.literal("on")], { error: "settings.validation.confirmDelete" }).transform(() => true as const);

export const profileSchema = z.object({ name: nameSchema });

export const changeEmailSchema = z.object({ email: emailSchema, password: currentPassword });

export const preferencesFormSchema = z.object({
  locale: z.enum(["en", "es"], { error: "validation.invalid" }),
  // What a person types: a zone's id or its city ("Lima"), as the field's hint says.
  timeZone: z
    .string({ error: "validation.required" })
    .min(1, { error: "validation.required" })
    .transform((value, ctx) => {
      const zone = timeZoneFromInput(value);
      if (zone) return zone;
      ctx.addIssue({ code: "custom", message: "settings.validation.timeZone" });
      return z.NEVER;
    }),
  theme: z.enum(["system", "light", "dark"], { error: "validation.invalid" }),
});

export const deleteAccountSchema = z.object({ password: currentPassword, confirm: mustConfirm });

export const exportFormats = ["json", "zip"] as const;
export type ExportFormat = (typeof exportFormats)[number];
export const exportQuerySchema = z.object({ format: z.enum(exportFormats, { error: "validation.invalid" }).default("json") });
