import type { MiddlewareHandler } from "hono";
import { throttleNetwork } from "./ip";
import { countHit } from "./store";

/**
 * Fixed-window throttles kept in D1. The Workers Rate Limiting binding only offers 10 s and 60 s
 * periods and cannot be exercised in local tests; hour-long windows and per-account lockouts need
 * state we can read back (docs/decisions/004-throttles.md).
 */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

export interface LimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts one hit and says whether it is within the limit. One statement, so concurrent hits cannot both slip under. */
export async function hit(db: D1Database, limit: Limit, now = Date.now()): Promise<LimitResult> {
  const windowStart = now - (now % limit.windowMs);
  const row = await countHit(db, limit.key, windowStart);
  const count = row?.count ?? 1;
  return { allowed: count <= limit.max, retryAfterSeconds: Math.ceil((windowStart + limit.windowMs - now) / 1000) };
}

/**
 * A throttle in front of a route, before its body is validated, so malformed attempts count too.
 * `onLimited` builds the 429 (in the caller's language).
 */
export function throttle<E extends { Bindings: { DB: D1Database } }>(
  keyOf: (ip: string) => string,
  max: number,
  windowMs: number,
  onLimited: (c: Parameters<MiddlewareHandler<E>>[0], retryAfterSeconds: number) => Response,
): MiddlewareHandler<E> {
  return async (c, next) => {
    const ip = throttleNetwork(c.req.header("CF-Connecting-IP") ?? "unknown");
    const result = await hit(c.env.DB, { key: keyOf(ip), max, windowMs });
    if (!result.allowed) return onLimited(c, result.retryAfterSeconds);
    await next();
  };
}

/**
 * A short limit per client network in front of a costly route (sign-in hashes a password). In
 * production the Workers Rate Limiting binding counts it (wrangler.toml's
 * `[[env.production.ratelimits]]`: no D1 write per request; its period is 10 s or 60 s); where
 * there is none (local runs and tests, which cannot exercise it) the same numbers are counted in
 * D1. One interface: `allows(key)`.
 */
export interface NetworkLimiter {
  allows(key: string): Promise<boolean>;
}

export function networkLimiter(db: D1Database, binding: RateLimit | undefined, limit: { max: number; periodSeconds: 10 | 60 }): NetworkLimiter {
  if (binding) return { allows: async (key) => (await binding.limit({ key })).success };
  return { allows: async (key) => (await hit(db, { key, max: limit.max, windowMs: limit.periodSeconds * 1000 })).allowed };
}

/**
 * `networkLimiter` as middleware, keyed by the client's network (IPv4, or IPv6 /64), before the
 * body is validated so malformed attempts count too.
 */
export function networkThrottle<E extends { Bindings: { DB: D1Database } }>(
  name: string,
  bindingOf: (env: E["Bindings"]) => RateLimit | undefined,
  limit: { max: number; periodSeconds: 10 | 60 },
  onLimited: (c: Parameters<MiddlewareHandler<E>>[0], retryAfterSeconds: number) => Response,
): MiddlewareHandler<E> {
  return async (c, next) => {
    const ip = throttleNetwork(c.req.header("CF-Connecting-IP") ?? "unknown");
    const allowed = await networkLimiter(c.env.DB, bindingOf(c.env), limit).allows(`${name}:ip:${ip}`);
    if (!allowed) return onLimited(c, limit.periodSeconds);
    await next();
  };
}
