import { useTranslation } from "../../../i18n/use-translation";
import { Money } from "../../../ui/money";
import { formatDay } from "../../../../core/dates";
import type { ImportReading } from "../../../../core/api-types/import-reading";
import { readingAsChosen } from "./reading-as-chosen";
import * as l from "../../../styles/ledger.css";
import * as ui from "../../../styles/ui.css";

/** The mapping form's labels of the columns this part added (ADR 050); the others keep theirs. */
const NEW_COLUMN_LABELS: Readonly<Record<string, string>> = { chargesColumn: "importFlow.reading.columns.chargesColumn", typeColumn: "importFlow.reading.columns.typeColumn", feeColumn: "importFlow.reading.columns.feeColumn", balanceColumn: "importFlow.followUp.import.balanceColumn" };

export function columnLabelKey(column: string): string {
  return NEW_COLUMN_LABELS[column] ?? `importFlow.import.${column}`;
}

/** Whether a column has no name of its own: a file without a header row names them by number. */
function unnamed(name: string, index: number): boolean {
  return name === `${index + 1}`;
}

/** A column as the mapping's menus and the sample's header name it: "2. Concepto", or "Column 2" (not "2. 2"). */
export function columnTitle(name: string, index: number, t: (key: string, options: { number: number }) => string): string {
  return unnamed(name, index) ? t("importFlow.import.unnamedColumn", { number: index + 1 }) : `${index + 1}. ${name}`;
}

/**
 * What the preview says about how it read the file, before anything is saved: the column taken
 * for each field and why ("Amount: columns "Cargo" / "Abono", a debit/credit pair"), how the date
 * order was decided, and what the first rows become, money in or money out.
 */
export function ImportReadingNote({ reading, mapping, columns, currency }: { reading: ImportReading; mapping: Record<string, string>; columns: string[]; currency: string }) {
  const { t, i18n } = useTranslation();
  const shown = readingAsChosen(reading, mapping, columns);
  // The pair (and a type column beside its amount) read as one field: "Amount: columns A / B";
  // chosen by the user if any of its columns was.
  const groups = new Map<string, { columns: string[]; reason: string }>();
  for (const { field, name, column, reason } of shown.fields) {
    const label = t(field === "balanceColumn" ? "importFlow.followUp.import.balanceField" : `importFlow.reading.fields.${field}`);
    const group = groups.get(label) ?? { columns: [], reason };
    group.columns.push(unnamed(name, column) ? `${column + 1}` : `${column + 1}. "${name}"`);
    if (reason === "chosen") group.reason = reason;
    groups.set(label, group);
  }
  return (
    <section className={ui.stack} aria-labelledby="import-reading-title" data-testid="import-reading">
      <h3 id="import-reading-title" className={l.subTitle} style={{ margin: 0 }}>
        {t("importFlow.reading.title")}
      </h3>
      <ul className={ui.hint} style={{ margin: 0, paddingInlineStart: "1.25rem" }}>
        {[...groups].map(([label, group]) => (
          <li key={label}>{t("importFlow.reading.field", { count: group.columns.length, field: label, columns: group.columns.join(" / "), reason: t(`importFlow.reading.reasons.${group.reason}`) })}</li>
        ))}
        {shown.dates ? (
          <li data-testid="import-reading-dates">
            {t(`importFlow.reading.dates.${shown.dates.reason}`, { format: shown.dates.format.replace("YYYY", t("importFlow.import.dateFormatYear")), line: shown.dates.line, text: shown.dates.text })}
          </li>
        ) : null}
      </ul>
      {reading.firstRows.length ? (
        <>
          <p className={ui.hint} style={{ margin: 0 }}>
            {t(reading.from === "guess" ? "importFlow.reading.firstRowsGuess" : "importFlow.reading.firstRowsMapping")}
          </p>
          <ul style={{ margin: 0, paddingInlineStart: "1.25rem" }} data-testid="import-reading-rows">
            {reading.firstRows.map((row) => (
              <li key={row.line} className={l.userText}>
                {t("importFlow.reading.line", { line: row.line })} · {row.date ? formatDay(row.date, i18n.language) : "—"} · {row.description || "—"}:{" "}
                {row.amountMinor !== null && row.way ? (
                  <strong data-way={row.way}>
                    {t(`importFlow.reading.${row.way}`)} <Money minor={row.amountMinor} currency={currency} signed />
                  </strong>
                ) : (
                  <span>{t("importFlow.reading.unread")}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
