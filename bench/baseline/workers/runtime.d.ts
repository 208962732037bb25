/**
 * The few Workers runtime types the floor uses. The repo's come from `wrangler types` into the
 * root's worker-configuration.d.ts (with Tesoro's bindings); writing them here keeps
 * `npx tsc -p bench/baseline` free of a generated file that the root's lint would read.
 */
interface Fetcher {
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
}

interface D1Result<T = Record<string, unknown>> {
  results: T[];
}

interface D1PreparedStatement {
  bind(...values: unknown[]): D1PreparedStatement;
}

interface D1Database {
  prepare(query: string): D1PreparedStatement;
  batch<T = Record<string, unknown>>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]>;
}

interface ExportedHandler<Env = unknown> {
  fetch?(request: Request, env: Env, ctx: unknown): Response | Promise<Response>;
}
