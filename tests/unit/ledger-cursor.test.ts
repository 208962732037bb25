import { describe, expect, it } from "vitest";
import { cursorSignature, listCursor } from "../../scripts/lib/ledger-cursor.mjs";
import { decodeCursor, signature, type Filters } from "../../workers/api/src/transactions/list-store";

const ACCOUNT = "5eed0000-0000-4000-8000-000000000001";
const ROW = "5eed0001-0000-7000-8000-0000000001f5";

describe("the ledger bench's cursor (scripts/lib/ledger-cursor.mjs)", () => {
  it("signs as the API does, for any account, filters and order", () => {
    const cases: Array<[string, Filters, "date" | "amount", "asc" | "desc"]> = [
      [ACCOUNT, {}, "date", "desc"],
      ["00000000-0000-4000-8000-000000000002", {}, "date", "desc"],
      [ACCOUNT, { q: "wong", from: "2026-01-01", status: "pending" }, "amount", "asc"],
    ];
    for (const [accountId, filters, sort, order] of cases) expect(cursorSignature(accountId, filters, sort, order)).toBe(signature(accountId, filters, sort, order));
  });

  it("makes a cursor the API reads back as the same position", () => {
    const cursor = listCursor(ACCOUNT, { key: "2026-09-05", id: ROW });
    expect(decodeCursor(cursor, "date", "desc", signature(ACCOUNT, {}, "date", "desc"))).toMatchObject({ k: "2026-09-05", i: ROW });
    // Another account's list refuses it, as the API refuses another account's cursor.
    expect(decodeCursor(cursor, "date", "desc", signature("00000000-0000-4000-8000-000000000002", {}, "date", "desc"))).toBeNull();
  });
});
