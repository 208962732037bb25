import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { ftsQuery } from "../../workers/api/src/transactions/list-store";

/**
 * A search word must reach FTS5 as one token. The search index is detail=column (migration 0005),
 * which refuses phrases with an error, so a word SQLite's tokenizer would split would be a 500.
 * This checks ftsQuery against SQLite's own unicode61 tokenizer (node:sqlite), for every code
 * point JavaScript calls a letter or a digit.
 */
describe("search words reach FTS5 as single tokens", () => {
  it("for every letter and digit, between two letters", () => {
    const db = new DatabaseSync(":memory:");
    db.exec("CREATE VIRTUAL TABLE t USING fts5(x, content = '', columnsize = 0, detail = column, tokenize = 'unicode61 remove_diacritics 2')");
    const match = db.prepare("SELECT count(*) AS n FROM t WHERE t MATCH ?");
    const refused: string[] = [];
    let checked = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if (!/[\p{L}\p{N}]/u.test(c)) continue;
      checked += 1;
      try {
        match.get(ftsQuery(`a${c}b`));
      } catch {
        refused.push(cp.toString(16));
      }
    }
    expect(checked).toBeGreaterThan(100_000);
    expect(refused).toEqual([]);
  });

  it("keeps FTS syntax out: words are quoted letters and digits, each a prefix", () => {
    expect(ftsQuery('wong" OR x* NEAR(a')).toBe('"wong"* "OR"* "x"* "NEAR"* "a"*');
    expect(ftsQuery("a\u19B0b")).toBe('"a"* "b"*');
    expect(ftsQuery("¿?")).toBeNull();
  });
});
