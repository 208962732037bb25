/**
 * Types every part of the API shares: the Hono environment of a request and what a session puts
 * in it. Imports only types from below (env, core), so nothing that uses it is imported back.
 */
import type { ApiUser } from "../../../../core/api-types/user";
import type { ApiEnv } from "./env";

/** The user as the API answers it: one definition, shared with the app (core/api-types/user.ts). */
export type { ApiUser };

export interface CurrentSession {
  id: string;
  userId: string;
  remember: boolean;
}

export type ApiBindings = {
  Bindings: ApiEnv;
  /** `tokenHash`: set by `deferSession`; `user` and `session` by `requireSession` or `sessionBatch`. */
  Variables: { user: ApiUser; session: CurrentSession; clientIp: string; tokenHash: string };
};
