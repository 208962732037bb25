import { describe, expect, it } from "vitest";
import { claimReload } from "../../app/browser/chunk-reload.client";

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe("chunk reload guard", () => {
  it("allows one reload per path within 10 seconds", () => {
    const storage = memoryStorage();
    expect(claimReload("/accounts", 1_000, storage)).toBe(true);
    expect(claimReload("/accounts", 9_000, storage)).toBe(false);
    expect(claimReload("/settings", 9_000, storage)).toBe(true);
    expect(claimReload("/accounts", 11_001, storage)).toBe(true);
  });

  it("survives a corrupt record", () => {
    const storage = memoryStorage();
    storage.setItem("tesoro:chunk-reload", "{not json");
    expect(claimReload("/", 0, storage)).toBe(true);
  });
});
