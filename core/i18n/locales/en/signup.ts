/** English strings of signing up by a mailed link (ADR 039); es/signup.ts must have the same keys (checked by the type checker). */
export const signup = {
  title: "Create your account",
  sentTitle: "Check your email",
  sent: "We sent a link to {{email}}. Open it within 24 hours to finish creating your account.",
  sentHint: "If it does not arrive in a few minutes, look in the spam folder, or sign up again. An address that already has an account gets a message for its owner instead.",
  sentDev: "In development, mail stays in the outbox:",
  confirmQuestion: "Create your Tesoro account for {{email}}?",
  confirm: "Create my account",
  linkExpired: "This link has expired or was already used. If you have not created your account yet, sign up again.",
  linkTaken: "This address has an account already. Sign in, or ask for a new password if you forgot it.",
  again: "Sign up again",
} as const;
