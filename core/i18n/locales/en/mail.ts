/**
 * English mail the API sends. Kept out of `en` (app/i18n/resources.ts adds it back for the server
 * and the API), so the browser, which never writes mail, does not download it.
 */
export const mail = {
  resetSubject: "Reset your Tesoro password",
  resetBody: "Someone asked to reset the password of your Tesoro account. Open this link within 30 minutes to choose a new one:",
  resetIgnore: "If it was not you, ignore this message: your password stays the same.",
  greeting: "Hello {{name}},",
  confirmEmailSubject: "Confirm the new email of your Tesoro account",
  confirmEmailBody: "You asked to sign in to Tesoro with this address from now on. Open this link within 24 hours to confirm it:",
  confirmEmailIgnore: "If it was not you, ignore this message: nothing changes.",
  emailChangedSubject: "The email of your Tesoro account was changed",
  emailChangedBody: "On {{when}} ({{zone}}), the email you sign in to Tesoro with was changed to {{email}}. This address will no longer receive messages about the account.",
  emailChangedNotYou: "If you did not make this change, open this link within 7 days: it gives the account this address back, signs out every device and lets you choose a new password.",
  emailRestoredSubject: "The email of your Tesoro account was set back",
  emailRestoredBody: "On {{when}} ({{zone}}), the email of your Tesoro account was set back to {{email}} with the link sent to that address after its last change. Every device was signed out, and the account waits for a new password chosen from that address.",
  emailRestoredNotYou: "If {{email}} is no longer yours, write at once to {{support}} so we can lock the account and give it back to you.",
  passwordChangedSubject: "The password of your Tesoro account was changed",
  passwordChangedBody: "On {{when}} ({{zone}}), the password of your Tesoro account was changed, and your other devices were signed out.",
  passwordResetBody: "On {{when}} ({{zone}}), the password of your Tesoro account was changed with a link mailed to this address, and every device was signed out.",
  passwordChangedNotYou: "If you did not make this change, ask for a link to choose a new password here (a new password set that way signs out every device):",
  signInPausedSubject: "Sign-in to your Tesoro account was paused",
  signInPausedBody: "On {{when}} ({{zone}}), a wrong password was entered {{count}} times for this address, so sign-in to your Tesoro account is paused for {{minutes}} minutes. None of those attempts got in.",
  signInPausedNotYou: "If it was you, try again once the pause ends, or ask here for a link to choose a new password (a new password set that way ends the pause and signs out every device). If it was not you, nobody got in and your password is unchanged. This message comes at most once a day.",
  signupSubject: "Finish creating your Tesoro account",
  signupBody: "To finish creating your Tesoro account, open this link within 24 hours and press “Create my account”:",
  signupIgnore: "If you did not ask for an account, ignore this message: nothing is created without this link.",
  signupTriedSubject: "Someone tried to create a Tesoro account with your email",
  signupTriedBody: "On {{when}} ({{zone}}), someone asked to create a Tesoro account with this address, which already has one. Nothing was created and nothing changed in your account.",
  emailClaimTriedSubject: "Someone tried to move a Tesoro account to your email",
  emailClaimTriedBody: "On {{when}} ({{zone}}), someone signed in to another Tesoro account asked to change its email to this address, which already has an account. Nothing changed in your account.",
  signupTriedNotYou: "If it was you, sign in instead; if you forgot your password, ask for a link to choose a new one here. If it was not you, you need not do anything. This message comes at most once a day.",
} as const;
