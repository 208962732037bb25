import { describe, expect, it } from "vitest";
import { call } from "./helpers";

describe("system", () => {
  it("answers health with the build id", async () => {
    const { status, json, headers } = await call("/health");
    expect(status).toBe(200);
    expect(json).toEqual({ status: "ok", buildId: "test-build" });
    expect(headers.get("Cache-Control")).toBe("no-store");
  });

  it("documents its routes in OpenAPI 3.1", async () => {
    const { status, json } = await call("/openapi.json");
    expect(status).toBe(200);
    expect(json.openapi).toBe("3.1.0");
    expect(Object.keys(json.paths)).toEqual(expect.arrayContaining(["/api/v1/health", "/api/v1/auth/login", "/api/v1/auth/signup", "/api/v1/auth/recover", "/api/v1/users/me"]));
    // A URL cannot carry a null: no query parameter is described as one (`blank` once took null
    // for "not given", and the generator, which asks each schema, described them as nullable).
    const query = Object.values(json.paths as Record<string, Record<string, { parameters?: Array<{ in: string; name: string; schema: { type: unknown; enum?: unknown[] } }> }>>)
      .flatMap((item) => Object.values(item))
      .flatMap((operation) => operation.parameters ?? [])
      .filter((parameter) => parameter.in === "query");
    expect(query.length).toBeGreaterThan(20);
    for (const parameter of query) {
      expect(JSON.stringify(parameter.schema.type), parameter.name).not.toContain("null");
      expect(parameter.schema.enum ?? [], parameter.name).not.toContain(null);
    }
    const sort = query.find((parameter) => parameter.name === "sort")!;
    expect(sort.schema).toMatchObject({ type: "string", enum: ["date", "amount"] });
  });

  it("answers unknown paths with problem+json 404", async () => {
    const { status, json, headers } = await call("/nope");
    expect(status).toBe(404);
    expect(headers.get("Content-Type")).toBe("application/problem+json");
    expect(json).toMatchObject({ status: 404, title: "Not Found" });
  });
});
