import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../../core/dates";
import { daysApart, MATCH_DAYS, matchRows, sharedWords, type ExistingMovement, type RowToMatch } from "../../workers/api/src/import/match";

/**
 * Import matching (ADR 049), as a property: over random movements already in an account and a
 * random file (some rows copies of those movements, their dates moved a few days and their text
 * changed; the others movements of their own), matching never takes a row with no counterpart for
 * a movement already there (it would be dropped), and never leaves a copy to be added as new.
 */
const WORDS = ["plaza", "vea", "wong", "tottus", "luz", "sur", "sedapal", "netflix", "uber", "rappi", "claro", "movistar", "inkafarma", "metro", "salario", "starbucks"];
const NOISE = ["COMPRA", "POS", "PAGO", "LIMA", "PE", "SAC", "OPE", "123456"];
const DAY0 = "2026-11-01";

const movementArb = fc.record({
  day: fc.integer({ min: 0, max: 40 }),
  // Few amounts, so that rows and movements of the same amount meet often.
  amount: fc.constantFrom(-1000, -1290, -3500, -18640, -13270, 450000, -2077),
  words: fc.uniqueArray(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
});

const fileArb = fc.record({
  existing: fc.array(movementArb, { maxLength: 12 }),
  copies: fc.array(fc.record({ of: fc.nat(), jitter: fc.integer({ min: -MATCH_DAYS, max: MATCH_DAYS }), keepWord: fc.boolean(), noise: fc.subarray(NOISE) }), { maxLength: 12 }),
  fresh: fc.array(movementArb, { maxLength: 12 }),
  shuffle: fc.nat(),
});

describe("import matching (property)", () => {
  it("never drops a row with no counterpart, never adds a copy, and pairs one to one", () => {
    fc.assert(
      fc.property(fileArb, ({ existing, copies, fresh, shuffle }) => {
        const movements: ExistingMovement[] = existing.map((m, i) => ({
          id: `m${String(i).padStart(2, "0")}`,
          date: addDays(DAY0, m.day),
          amount: m.amount,
          description: m.words.join(" "),
          payee: null,
          status: "posted",
          transferId: null,
        }));
        const rows: Array<RowToMatch & { copyOf: string | null }> = [];
        // Each movement copied once at most: a file holds each movement once.
        const copied = new Set<number>();
        for (const copy of copies) {
          if (!movements.length) break;
          const index = copy.of % movements.length;
          if (copied.has(index)) continue;
          copied.add(index);
          const movement = movements[index]!;
          const text = [...copy.noise, ...(copy.keepWord ? [existing[index]!.words[0]!.toUpperCase()] : ["OTRO"])].join(" ");
          rows.push({ line: 0, date: addDays(movement.date, copy.jitter), amount: movement.amount, description: text, payee: null, copyOf: movement.id });
        }
        for (const row of fresh) {
          const date = addDays(DAY0, row.day);
          // A row of its own has no counterpart: no movement of its amount within the window.
          if (movements.some((m) => m.amount === row.amount && daysApart(m.date, date) <= MATCH_DAYS)) continue;
          rows.push({ line: 0, date, amount: row.amount, description: row.words.join(" ").toUpperCase(), payee: null, copyOf: null });
        }
        // The file's order is any order.
        const offset = rows.length ? shuffle % rows.length : 0;
        const file = [...rows.slice(offset), ...rows.slice(0, offset)].map((row, i) => ({ ...row, line: i + 2 }));

        const matches = matchRows(file, movements, 2);
        for (const row of file) {
          const match = matches.get(row.line);
          if (row.copyOf === null) expect(match).toBeUndefined();
          else {
            // Matched (the preview says so; never added without a word), to a movement of its amount within the window.
            expect(match).toBeDefined();
            expect(match!.existing.amount).toBe(row.amount);
            expect(daysApart(match!.existing.date, row.date)).toBeLessThanOrEqual(MATCH_DAYS);
            // A copy that kept a word of its movement, matched to that movement, is sure.
            if (match!.existing.id === row.copyOf && sharedWords(row.description, match!.existing.description) > 0) expect(match!.kind).toBe("sure");
          }
        }
        const ids = [...matches.values()].map((match) => match.existing.id);
        expect(new Set(ids).size).toBe(ids.length);
        // Deterministic: the same file and movements in another order give the same pairs.
        const again = matchRows([...file].reverse(), [...movements].reverse(), 2);
        expect(new Map([...again].map(([line, m]) => [line, m.existing.id]))).toEqual(new Map([...matches].map(([line, m]) => [line, m.existing.id])));
      }),
      { numRuns: 400 },
    );
  });

  it("takes a lone non-round amount two days apart as sure, and a round one or a distant one as probable", () => {
    const movement: ExistingMovement = { id: "m1", date: "2026-11-03", amount: -18640, description: "Super", payee: null, status: "pending", transferId: null };
    const row = (date: string, amount: number, description = "COMPRA POS 4412") => ({ line: 2, date, amount, description, payee: null });
    expect(matchRows([row("2026-11-04", -18640)], [movement], 2).get(2)?.kind).toBe("sure");
    expect(matchRows([row("2026-11-07", -18640)], [movement], 2).get(2)?.kind).toBe("probable");
    expect(matchRows([row("2026-11-08", -18640)], [movement], 2).get(2)).toBeUndefined();
    expect(matchRows([row("2026-11-04", -18600)], [{ ...movement, amount: -18600 }], 2).get(2)?.kind).toBe("probable");
    expect(matchRows([row("2026-11-04", -18640, "SUPERMERCADO")], [movement], 2).get(2)?.kind).toBe("sure");
    // Two references are two movements.
    expect(matchRows([{ ...row("2026-11-03", -18640), reference: "501" }], [{ ...movement, reference: "502" }], 2).get(2)).toBeUndefined();
  });
});
