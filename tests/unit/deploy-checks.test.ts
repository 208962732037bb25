import { describe, expect, it } from "vitest";
import { deployProblems } from "../../scripts/lib/deploy-checks.mjs";

describe("deployProblems", () => {
  const ready = { vars: { APP_ORIGIN: "https://tesoro.pe", MAIL_FROM: "Tesoro <no-reply@tesoro.pe>", SUPPORT_EMAIL: "ayuda@tesoro.pe" }, d1_databases: [{ database_id: "3f0c9c1e-0000-4000-8000-000000000000" }] };

  it("passes a production config with real values", () => {
    expect(deployProblems(ready)).toEqual([]);
  });

  it("stops the repository's placeholders and blank settings", () => {
    const placeholder = { vars: { ...ready.vars, SUPPORT_EMAIL: "support@tesoro.example.com", MAIL_FROM: " " }, d1_databases: [{ database_id: "REPLACE_WITH_D1_DATABASE_ID" }] };
    expect(deployProblems(placeholder)).toEqual(["MAIL_FROM is not set", "SUPPORT_EMAIL is still the example (support@tesoro.example.com)", "the D1 database_id is still the placeholder"]);
    expect(deployProblems({ vars: {} })).toEqual(["APP_ORIGIN is not set", "MAIL_FROM is not set", "SUPPORT_EMAIL is not set"]);
  });
});
