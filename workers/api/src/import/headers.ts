/**
 * The words banks write in a table's header and cells, in the languages their exports come in
 * (Spanish, English, German, French, Norwegian, Portuguese), folded as `headerKey` compares them.
 * The guess (guess.ts) reads a column's name with these, then checks it against what the column
 * holds: a name alone never decides.
 */
import { foldedForMatching } from "../../../../core/plain-text";

/** A header cell as compared: no accents, lower case, punctuation and doubled spaces made one space. */
export function headerKey(name: string): string {
  return foldedForMatching(name)
    .toLowerCase()
    // "Nº. Doc.", "N° Operación": the sign of number as the "o" of "No.".
    .replace(/[º°]/g, "o")
    // "Description1", "Amount2": the number apart from the name.
    .replace(/(\p{L})(\d)/gu, "$1 $2")
    .replace(/[^\p{L}\p{N}/]+/gu, " ")
    .trim();
}

/** Names of each field, the likeliest first: a name earlier in its list wins over a later one. */
export const FIELD_NAMES = {
  // The day of the operation before the value day ("Fecha valor", "Valuta", "Wertstellung"): the
  // day the user spent, as their own records have it.
  date: [
    "fecha", "date", "fecha operacion", "fecha de operacion", "f operacion", "transaction date", "trans date", "booking date", "buchungstag", "buchungsdatum", "datum",
    "date operation", "date de l operation", "date de operation", "dato", "bokforingsdato", "bokføringsdato", "utført dato", "data", "data da transacao", "fecha movimiento", "fecha transaccion",
    "fecha de transaccion", "completed date", "started date", "posting date", "posted date", "post date", "fecha contable", "date posted", "datetime", "release date", "buchung", "fecha valor",
    "f valor", "value date", "valuta", "wertstellung", "valutadatum", "date valeur", "date de valeur", "rentedato", "valør",
  ],
  description: [
    "descripcion", "description", "concepto", "detalle", "movimiento", "desc", "memo", "narrative", "details", "transaction description", "verwendungszweck",
    "buchungstext", "libelle", "libelle operation", "beskrivelse", "tekst", "forklaring", "descricao", "titulo", "glosa", "detalle movimiento", "descripcion operacion",
    "concepto operacion", "transaction details", "reference", "nombre", "name", "partner name", "payee", "note",
  ],
  amount: ["monto", "importe", "amount", "valor", "betrag", "montant", "belop", "beløp", "valor r", "cantidad", "amount eur", "amount usd", "monto s/", "importe eur", "transaction amount", "net amount", "transaction net amount", "umsatz", "amount total", "total"],
  debit: [
    "cargo", "cargos", "debito", "debitos", "debit", "debits", "debit amount", "retiro", "retiros", "withdrawal", "withdrawals", "withdrawal amount", "paid out", "money out",
    "out", "soll", "ausgang", "belastung", "ut", "ut fra konto", "ut av konto", "uttak kr", "uttak", "egresos", "egreso", "salida", "salidas", "debit eur", "montant debit", "charge", "charges",
    "amount debit", "importe cargo", "cargo s/",
  ],
  credit: [
    "abono", "abonos", "credito", "creditos", "credit", "credits", "credit amount", "deposito", "depositos", "deposit", "deposits", "deposit amount", "paid in", "money in",
    "in", "haben", "eingang", "gutschrift", "inn", "inn pa konto", "inn på konto", "innskudd kr", "innskudd", "ingresos", "ingreso", "entrada", "entradas", "credit eur", "montant credit", "payment",
    "amount credit", "importe abono", "abono s/",
  ],
  type: ["cargo/abono", "debit/credit", "credit/debit", "dr/cr", "cr/dr", "d/c", "c/d", "soll/haben", "s/h", "tipo", "tipo movimiento", "tipo de movimiento", "type", "transaction type", "sentido", "naturaleza"],
  fee: ["fee", "fees", "comision", "comisiones", "gebuhr", "gebuhren", "frais", "commission", "gebyr", "tarifa", "fee amount"],
  balance: ["saldo", "balance", "running balance", "runningbalance", "partial balance", "kontostand", "solde", "saldo contable", "saldo disponible", "saldo final", "disponible", "saldo s/", "balance eur"],
  currency: ["currency", "moneda", "divisa", "wahrung", "waehrung", "whg", "devise", "valuta", "moeda"],
  category: ["category", "categoria", "rubro", "kategorie", "categorie", "kategori"],
  payee: ["payee", "beneficiario", "comercio", "merchant", "auftraggeber/empfanger", "auftraggeber empfanger", "empfanger", "begunstigter", "partner name", "counterparty", "to", "destinatario", "store name"],
  notes: ["notes", "note", "notas", "nota", "observacion", "observaciones", "comentario", "comentarios", "memo", "additional description"],
  status: ["status", "estado", "state", "statut", "zustand"],
  id: [
    "id", "transaction id", "referencia", "reference", "ref", "numero de operacion", "nro operacion", "nro de operacion", "n operacion", "no operacion", "operacion", "operacion numero",
    "nro doc", "n doc", "no doc", "no documento", "nro documento", "no movimiento", "nro movimiento", "numero de documento", "numero documento", "num operacion", "reference number", "referenz", "transaction reference", "folio",
  ],
} as const satisfies Record<string, readonly string[]>;

export type FieldName = keyof typeof FIELD_NAMES;

/**
 * How well `key` (a `headerKey`) names the field: 3 for one of its names exactly (the earlier the
 * higher, as a fraction below), 2 for a name followed by more words ("Debit Amount", "Betrag
 * (EUR)" → "betrag eur"), 1 for a name among the words; 0 for none.
 */
export function nameScore(key: string, field: FieldName): number {
  const names: readonly string[] = FIELD_NAMES[field];
  // Below 1, so a kind of match always outranks a better place in the list.
  const rank = (i: number) => 0.9 * (1 - i / (names.length + 1));
  let best = 0;
  names.forEach((name, i) => {
    let score = 0;
    if (key === name) score = 3 + rank(i);
    else if (key.startsWith(`${name} `) || key.startsWith(`${name}/`)) score = 2 + rank(i);
    else if (name.length > 3 && ` ${key.replace(/\//g, " ")} `.includes(` ${name} `)) score = 1 + rank(i);
    if (score > best) best = score;
  });
  return best;
}

/** Words a column beside unsigned amounts uses for money out and money in (folded, lower case). */
export const DEBIT_WORDS = new Set(["debit", "debito", "dr", "db", "d", "cargo", "cargos", "soll", "s", "egreso", "retiro", "withdrawal", "out", "debe", "ut"]);
export const CREDIT_WORDS = new Set(["credit", "credito", "cr", "c", "abono", "abonos", "haben", "h", "ingreso", "deposito", "deposit", "in", "haber", "inn"]);

/** A type cell's way: "out", "in", or null for a word that is neither. */
export function typeWay(text: string): "out" | "in" | null {
  const word = headerKey(text);
  if (DEBIT_WORDS.has(word)) return "out";
  if (CREDIT_WORDS.has(word)) return "in";
  return null;
}
