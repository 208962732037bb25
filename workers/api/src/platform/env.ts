/** Bindings of the API Worker (see workers/api/wrangler.toml). */
export interface ApiEnv {
  DB: D1Database;
  RECEIPTS: R2Bucket;
  /** Cloudflare Email Routing binding, production only. */
  MAIL?: SendEmail;
  API_BASE_PATH: string;
  ENVIRONMENT: string;
  APP_ORIGIN: string;
  MAIL_TRANSPORT: string;
  MAIL_FROM: string;
  /** A mailbox people read: every mail's Reply-To, and named where a mail asks to write. */
  SUPPORT_EMAIL: string;
  /** For MAIL_TRANSPORT=http: a JSON endpoint that accepts {from,replyTo,to,subject,text,html}. */
  MAIL_HTTP_URL?: string;
  MAIL_HTTP_TOKEN?: string;
  SIGNUP: string;
  SCRYPT_PARAMS: string;
  /** Workers Rate Limiting binding for sign-in attempts per client network, production only (D1 counts them elsewhere). */
  SIGNIN_IP_LIMIT?: RateLimit;
  /** Where official exchange rates come from (rates/source.ts): bcrp, fixture (tests, local runs) or none. */
  RATES_SOURCE?: string;
}
