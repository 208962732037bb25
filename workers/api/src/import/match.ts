/**
 * Import matching (ADR 049), without I/O: each row of a file that is not a duplicate is paired with
 * at most one movement already in the account, whatever brought it there (typed, camera, transfer
 * leg, an earlier import), and each movement answers for one row at most. A pair needs the same
 * amount to the cent and dates at most `MATCH_DAYS` apart; its text decides how sure it is:
 *
 * - "sure": the descriptions (or payees) share a word, or the pair is the only one either side has,
 *   within `LONE_DAYS` days, for an amount with cents (a lone 186.40 two days apart is the same
 *   movement; a lone 50.00 may be another one);
 * - "probable": anything else within the window; the user links it or adds it as new.
 *
 * Two bank references that differ are two movements (as for duplicates, dedupe.ts): a row and a
 * movement imported with another reference are never paired.
 *
 * Pairs are taken best first (sure before probable, more words shared, fewer days apart, then the
 * file's order and the movement's date and id), so the result does not depend on the order the
 * database answered in.
 */
import { foldedForMatching } from "../../../../core/plain-text";

/** Days between a file row and a movement it may be: banks book a card purchase a few days after it was made. */
export const MATCH_DAYS = 4;
/** Days within which a lone pair with a non-round amount is sure without shared words. */
export const LONE_DAYS = 2;

/** A movement of the account that a file row may be (CANDIDATES_SQL). */
export interface ExistingMovement {
  id: string;
  date: string;
  amount: number;
  description: string;
  payee: string | null;
  status: "pending" | "posted";
  transferId: string | null;
  /** The bank reference it was imported with (`sameReference`), or null. */
  reference?: string | null;
  /**
   * It came from (or was linked to) a bank file: a row of another file with the same amount a few
   * days apart is then at most probable, since the same bank row would have been found by its
   * fingerprint; a sure match there could drop a real, repeated movement (two coffees of 3.50).
   */
  fromFile?: boolean;
}

/** What matching reads of a file row. */
export interface RowToMatch {
  line: number;
  date: string;
  amount: number;
  description: string;
  payee: string | null;
  /** The row's identifying bank reference (`sameReference`), or null. */
  reference?: string | null;
}

export interface RowMatch {
  kind: "sure" | "probable";
  existing: ExistingMovement;
  /** Days between the row and the movement. */
  days: number;
}

/** Words too common in bank texts to say two rows are the same movement. */
const NOISE = new Set([
  "pago", "pagos", "compra", "compras", "abono", "cargo", "transferencia", "transfer", "from", "desde", "para", "the", "and", "del", "los", "las", "con", "por",
  "pos", "visa", "debito", "credito", "card", "tarjeta", "payment", "purchase", "deposit", "deposito", "retiro", "withdrawal", "online", "web", "app",
]);

/** The words of a text that can say what a movement is: folded (no accents, no case), three characters or more, with a letter. */
export function wordsOf(text: string): string[] {
  const words = foldedForMatching(text).split(/[^\p{L}\p{N}]+/u);
  return [...new Set(words.filter((word) => word.length >= 3 && /\p{L}/u.test(word) && !NOISE.has(word)))];
}

/** Two words alike: equal, or one a form of the other (a common start of five letters: "salary" and "salario"). */
function alike(a: string, b: string): boolean {
  if (a === b) return true;
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return common >= 5;
}

/** How many words of the shorter text the other one has too (0 when either has none). */
export function sharedWords(a: string, b: string): number {
  const left = wordsOf(a);
  const right = wordsOf(b);
  const [short, long] = left.length <= right.length ? [left, right] : [right, left];
  return short.filter((word) => long.some((other) => alike(word, other))).length;
}

/** Days from one ISO day to another, as a positive count. */
export function daysApart(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
}

const textOf = (description: string, payee: string | null) => (payee ? `${description} ${payee}` : description);

/**
 * Pairs file rows with movements one to one: the map's keys are the rows' lines. `digits`: the
 * account currency's minor digits (an amount with no cents is "round").
 */
export function matchRows(rows: readonly RowToMatch[], movements: readonly ExistingMovement[], digits: number): Map<number, RowMatch> {
  const unit = 10 ** digits;
  type Pair = { row: RowToMatch; order: number; movement: ExistingMovement; days: number; shared: number };
  const pairs: Pair[] = [];
  // By amount: a file of 50,000 rows is not compared with every movement.
  const byAmount = new Map<number, ExistingMovement[]>();
  for (const movement of movements) byAmount.set(movement.amount, [...(byAmount.get(movement.amount) ?? []), movement]);
  // A row is known by its line (unique in a file), so the pairs do not depend on the order rows come in.
  rows.forEach((row) => {
    const order = row.line;
    for (const movement of byAmount.get(row.amount) ?? []) {
      if (row.reference && movement.reference && row.reference !== movement.reference) continue;
      const days = daysApart(row.date, movement.date);
      if (days > MATCH_DAYS) continue;
      pairs.push({ row, order, movement, days, shared: sharedWords(textOf(row.description, row.payee), textOf(movement.description, movement.payee)) });
    }
  });
  const perRow = new Map<number, number>();
  const perMovement = new Map<string, number>();
  for (const pair of pairs) {
    perRow.set(pair.order, (perRow.get(pair.order) ?? 0) + 1);
    perMovement.set(pair.movement.id, (perMovement.get(pair.movement.id) ?? 0) + 1);
  }
  const sure = (pair: Pair) =>
    !pair.movement.fromFile &&
    (pair.shared > 0 || (perRow.get(pair.order) === 1 && perMovement.get(pair.movement.id) === 1 && pair.days <= LONE_DAYS && pair.row.amount % unit !== 0));
  pairs.sort(
    (a, b) =>
      Number(sure(b)) - Number(sure(a)) ||
      b.shared - a.shared ||
      a.days - b.days ||
      a.order - b.order ||
      a.movement.date.localeCompare(b.movement.date) ||
      a.movement.id.localeCompare(b.movement.id),
  );
  // Best first: each row takes its best pair whose movement is still free.
  const ofRow = new Map<number, Pair>();
  const ofMovement = new Map<string, Pair>();
  const edges = new Map<number, Pair[]>();
  for (const pair of pairs) {
    edges.set(pair.order, [...(edges.get(pair.order) ?? []), pair]);
    if (ofRow.has(pair.order) || ofMovement.has(pair.movement.id)) continue;
    ofRow.set(pair.order, pair);
    ofMovement.set(pair.movement.id, pair);
  }
  // Then no row is left out that could have had a movement: a row left without one takes a
  // movement whose row can move to another (an augmenting path, Kuhn's algorithm). Rows already
  // paired stay paired, so the pairs are as many as they can be: a copy of a movement is never
  // added because a neighbour of the same amount took its movement first.
  const augment = (order: number, seen: Set<string>): boolean => {
    for (const pair of edges.get(order) ?? []) {
      if (seen.has(pair.movement.id)) continue;
      seen.add(pair.movement.id);
      const holder = ofMovement.get(pair.movement.id);
      if (!holder || augment(holder.order, seen)) {
        ofRow.set(order, pair);
        ofMovement.set(pair.movement.id, pair);
        return true;
      }
    }
    return false;
  };
  for (const order of [...edges.keys()].sort((a, b) => a - b)) if (!ofRow.has(order)) augment(order, new Set());
  const matches = new Map<number, RowMatch>();
  for (const pair of [...ofRow.values()].sort((a, b) => a.order - b.order)) {
    matches.set(pair.row.line, { kind: sure(pair) ? "sure" : "probable", existing: pair.movement, days: pair.days });
  }
  return matches;
}
