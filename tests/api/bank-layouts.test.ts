/**
 * The real bank layouts (tests/fixtures/bank-layouts/) through the API, as a user's file goes:
 * the preview with no mapping (the guess, and what the preview says about it), then the import
 * with the right mapping, the balance checked against the net sum added by hand from the file.
 */
import { describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";
import { createAccount, expectExactBalance } from "./ledger-helpers";
import manifest from "../fixtures/bank-layouts/manifest.json";

type Layout = { file: string; currency: string; accountType: string; rows: number; invalid: number; netMinor: number; mapping: Record<string, string | number> };
const files = import.meta.glob<string>("../fixtures/bank-layouts/*.csv", { query: "?raw", import: "default", eager: true });
const layouts = manifest.layouts as unknown as Layout[];
const text = (file: string) => files[`../fixtures/bank-layouts/${file}`]!;

function upload(path: string, token: string, csv: string, query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return call(`${path}?${params}`, { method: "POST", token, rawBody: csv, headers: { "Content-Type": "text/csv" } });
}

describe("real bank layouts through the API", () => {
  it("every file is there", () => {
    for (const layout of layouts) expect(text(layout.file), layout.file).toBeTruthy();
  });

  it("import exactly with their mapping, and the guess with no help is right for at least 80%", async () => {
    const { token } = await signUp();
    let right = 0;
    const wrong: string[] = [];
    for (const layout of layouts) {
      const account = await createAccount(token, { name: layout.file, currency: layout.currency, type: layout.accountType });
      const path = `/accounts/${account.id}/import`;
      const bare = await upload(`${path}/preview`, token, text(layout.file), {});
      expect(bare.status, layout.file).toBe(200);
      // The preview says why it took each column, and what the first rows become.
      expect(bare.json.reading.from).toBe("guess");
      expect(bare.json.reading.fields.length, layout.file).toBeGreaterThan(0);
      const guessed = await upload(`${path}/preview`, token, text(layout.file), bare.json.guess);
      const valid = guessed.status === 200 ? (guessed.json.rows as Array<{ errors: unknown; amountMinor: number }>).filter((row) => !row.errors) : [];
      if (guessed.status === 200 && guessed.json.counts.valid === layout.rows && valid.reduce((sum, row) => sum + row.amountMinor, 0) === layout.netMinor) right++;
      else wrong.push(`${layout.file}: ${JSON.stringify(bare.json.guess)}`);
      const imported = await upload(path, token, text(layout.file), layout.mapping);
      expect(imported.status, layout.file).toBe(201);
      expect(imported.json, layout.file).toMatchObject({ imported: layout.rows, invalid: layout.invalid, duplicates: 0 });
      expect(imported.json.account.balanceMinor - account.balanceMinor, layout.file).toBe(layout.netMinor);
      expect(await expectExactBalance(token, account.id)).toBe(account.balanceMinor + layout.netMinor);
    }
    console.log(`bank layouts guessed right with no help (API): ${right} of ${layouts.length}${wrong.length ? `\n  ${wrong.join("\n  ")}` : ""}`);
    expect(right / layouts.length).toBeGreaterThanOrEqual(0.8);
  }, 120_000);
});
