import { createContext } from "react-router";
import type { ApiUser } from "../../core/api-types/user";

export interface AppEnv {
  API: Fetcher;
  APP_NAME: string;
  API_BASE_PATH: string;
  API_BASE_URL: string;
  ENVIRONMENT: string;
  HONEYPOT_SECRET?: string;
  /** Milliseconds before a call to the API is abandoned (default 10 s, api-client.ts); the fault tests shorten it. */
  API_TIMEOUT_MS?: string;
}

/** Set by workers/app.ts for every request, before React Router runs. */
export const cloudflareContext = createContext<{ env: AppEnv; ctx: ExecutionContext }>();
/** Per-request CSP nonce, made in workers/app.ts so even unmatched URLs have one. */
export const nonceContext = createContext<string>("");
/** The signed-in user, or null; set by the session middleware in root. */
/** `remembered`: the user came from the session memory (ADR 023), which may lag another device's change by 15 s. */
export const userContext = createContext<{ user: ApiUser; token: string; remembered?: true } | null>(null);
/**
 * The newest D1 bookmark this browser has seen (ADR 014): read from a cookie by the session
 * middleware, sent to the API with every call, advanced by the API's answers, written back.
 */
export const d1BookmarkContext = createContext<{ value: string | null } | null>(null);
/**
 * Whether the API refused this request's session token on any call (set by apiFor): the session
 * middleware then clears the cookie, so a remembered session (ADR 023) cannot outlive a 401.
 */
export const sessionRefusedContext = createContext<{ value: boolean } | null>(null);
