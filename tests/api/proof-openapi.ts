/**
 * Shared by the proof tests (issue 6): the API's operations as its own OpenAPI document lists
 * them, and a checksum of everything a request could store, to show that a refused request
 * stored nothing.
 */
import { env, SELF } from "cloudflare:test";
import { BASE } from "./helpers";

export interface Operation {
  method: string;
  /** OpenAPI path under the base path, e.g. `/accounts/{accountId}`. */
  path: string;
  params: string[];
  query: string[];
  secured: boolean;
  hasBody: boolean;
  /** Property names of a JSON body schema (resolved one level through $ref), for the fuzzer. */
  bodyProperties: string[];
}

interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface OpenApiOperation {
  security?: unknown[];
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
  $ref?: string;
  properties?: Record<string, unknown>;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

let cached: Operation[] | null = null;

/** Reads /api/v1/openapi.json through the Worker, as any client would. */
export async function loadOperations(): Promise<Operation[]> {
  if (cached) return cached;
  const response = await SELF.fetch(`${BASE}/openapi.json`);
  if (!response.ok) throw new Error(`openapi.json: ${response.status}`);
  const doc = (await response.json()) as OpenApiDoc;
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => {
    if (!schema?.$ref) return schema;
    return doc.components?.schemas?.[schema.$ref.replace("#/components/schemas/", "")];
  };
  const propertiesOf = (schema: JsonSchema | undefined): string[] => {
    const s = resolve(schema);
    if (!s) return [];
    return [...Object.keys(s.properties ?? {}), ...(s.anyOf ?? []).flatMap(propertiesOf), ...(s.allOf ?? []).flatMap(propertiesOf)];
  };
  const ops: Operation[] = [];
  const basePath = new URL(BASE).pathname;
  for (const [fullPath, methods] of Object.entries(doc.paths)) {
    const path = fullPath.startsWith(basePath) ? fullPath.slice(basePath.length) : fullPath;
    for (const [method, op] of Object.entries(methods)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
        secured: Array.isArray(op.security) && op.security.length > 0,
        hasBody: Boolean(op.requestBody),
        bodyProperties: [...new Set(propertiesOf(op.requestBody?.content?.["application/json"]?.schema))],
      });
    }
  }
  cached = ops;
  return ops;
}

/**
 * A hash of every stored thing a request could change: users (not the failed-login counters,
 * which count refused sign-ins by design), sessions (not last_seen, which a read slides), links,
 * mail, idempotency records, the ledger tables and receipt objects. Throttle counters are left out:
 * they count refused requests on purpose (ADR 004). With `userId`, only that user's rows.
 */
export async function dbChecksum(options: { userId?: string } = {}): Promise<string> {
  const u = options.userId;
  const where = (column: string) => (u ? ` WHERE ${column} = ?1` : "");
  const queries = [
    `SELECT id, email, email_normalized, name, password_hash, locale, time_zone, theme, created_at, updated_at FROM users${where("id")} ORDER BY id`,
    `SELECT id, token_hash, user_id, remember, created_at, expires_at, revoked_at FROM sessions${where("user_id")} ORDER BY id`,
    `SELECT * FROM password_links${where("user_id")} ORDER BY id`,
    `SELECT user_id, key, request_hash, status, response_body FROM idempotency_keys${where("user_id")} ORDER BY user_id, key`,
    `SELECT * FROM categories${where("user_id")} ORDER BY id`,
    `SELECT * FROM accounts${where("user_id")} ORDER BY id`,
    `SELECT * FROM transactions${where("user_id")} ORDER BY id`,
    `SELECT * FROM imports${where("user_id")} ORDER BY id`,
    `SELECT * FROM import_drafts${where("user_id")} ORDER BY id`,
    `SELECT * FROM balance_checkpoints${where("user_id")} ORDER BY id`,
    `SELECT * FROM budgets${where("user_id")} ORDER BY id`,
    `SELECT * FROM budget_lines${where("user_id")} ORDER BY id`,
    `SELECT * FROM user_rates${where("user_id")} ORDER BY id`,
    `SELECT * FROM schedules${where("user_id")} ORDER BY id`,
    u ? "SELECT o.* FROM schedule_overrides o JOIN schedules s ON s.id = o.schedule_id WHERE s.user_id = ?1 ORDER BY 1, 2" : "SELECT * FROM schedule_overrides ORDER BY 1, 2",
    u ? "SELECT p.* FROM schedule_postings p JOIN schedules s ON s.id = p.schedule_id WHERE s.user_id = ?1 ORDER BY 1, 2" : "SELECT * FROM schedule_postings ORDER BY 1, 2",
    `SELECT * FROM schedule_dismissals${where("user_id")} ORDER BY 1, 2`,
    u ? "SELECT d.* FROM account_days d JOIN accounts a ON a.id = d.account_id WHERE a.user_id = ?1 ORDER BY d.account_id, d.date" : "SELECT * FROM account_days ORDER BY account_id, date",
    "SELECT * FROM receipt_trash ORDER BY 1",
    u ? "SELECT COUNT(*) AS n FROM outbox o JOIN users x ON lower(x.email) = lower(o.to_address) WHERE x.id = ?1" : "SELECT COUNT(*) AS n FROM outbox",
  ];
  const results = await env.DB.batch(queries.map((sql) => (sql.includes("?1") ? env.DB.prepare(sql).bind(u) : env.DB.prepare(sql))));
  const parts: unknown[] = results.map((r) => r.results);
  for (const prefix of u ? [`receipts/${u}/`, `drafts/${u}/`] : [undefined]) {
    const objects = await env.RECEIPTS.list(prefix ? { prefix } : {});
    parts.push(objects.objects.map((o) => [o.key, o.size]));
  }
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(parts)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
