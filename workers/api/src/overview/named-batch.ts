/**
 * Several owners' statements in one D1 batch, each owner's results handed back to it by name.
 * The overview's includes (accounts and categories, the budget card, net worth) each add their
 * own statements; taking their results off the batch by position (counting from the end, or
 * what is left after the others) broke silently whenever one of them added a statement.
 */
export type Slices<K extends string> = Record<K, D1Result[]>;

export function namedBatch<K extends string>(parts: Record<K, (userId: string) => D1PreparedStatement[]>) {
  const names = Object.keys(parts) as K[];
  let offsets = new Map<K, [start: number, end: number]>();
  return {
    /** Every part's statements, in one list for the batch; where each part's lie is recorded for `slices`. */
    statements(userId: string): D1PreparedStatement[] {
      const all: D1PreparedStatement[] = [];
      offsets = new Map();
      for (const name of names) {
        const own = parts[name](userId);
        offsets.set(name, [all.length, all.length + own.length]);
        all.push(...own);
      }
      return all;
    },
    /** The batch's results, each part's by its name (in its own order). */
    slices(results: readonly D1Result[]): Slices<K> {
      const out = {} as Slices<K>;
      for (const name of names) {
        const [start, end] = offsets.get(name) ?? [0, 0];
        out[name] = results.slice(start, end);
      }
      return out;
    },
  };
}
