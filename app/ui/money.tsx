/** An amount of money as the pages show it. */
import { formatMoney } from "../../core/money";
import * as l from "../styles/ledger.css";

/**
 * An amount for people: `S/ 1,234.50`, `-S/ 85.40`, `+S/ 100.00` with `signed`. The sign is part of
 * the text (so it reads without colour and for screen readers); colour only adds to it.
 */
export function Money({ minor, currency, signed = false, figure = false, className }: { minor: number; currency: string; signed?: boolean; figure?: boolean; className?: string }) {
  const variant = minor > 0 ? "in" : minor < 0 ? "out" : "zero";
  const text = formatMoney(minor, currency, { signDisplay: signed ? "exceptZero" : "auto" });
  // A figure may wrap when it is wider than the screen, and a line may break after a hyphen that
  // a letter follows: "-" alone on one line, "KWD 123,456,789.123" (which reads as money in) on
  // the next. So what comes before the first digit (sign and currency) is kept on one line, and
  // the line may break after it (<wbr>: the no-break space there would forbid it) rather than
  // inside the digits; digits too many for a phone's line at the figure's size are set smaller.
  const firstDigit = figure ? text.search(/\d/) : -1;
  const digits = firstDigit >= 0 ? text.length - firstDigit : 0;
  const size = digits >= 19 ? l.statValueLonger : digits >= 16 ? l.statValueLong : "";
  const classes = [signed ? l.amount[variant] : l.num, figure ? l.statValue : "", size, className ?? ""].filter(Boolean).join(" ");
  return (
    <span className={classes} data-minor={minor}>
      {firstDigit > 0 ? (
        <>
          <span className={l.figureHead}>{text.slice(0, firstDigit)}</span>
          <wbr />
          {text.slice(firstDigit)}
        </>
      ) : (
        text
      )}
    </span>
  );
}

/**
 * A table cell holding a signed amount, aligned as a number; "—" when there is no amount (a file row
 * that could not be read). The label repeats the column's header on phones' stacked rows.
 */
export function MoneyCell({ minor, currency, label, testId }: { minor: number | null; currency: string; label?: string; testId?: string }) {
  return (
    <td data-label={label} data-num="" data-testid={testId}>
      {minor !== null ? <Money minor={minor} currency={currency} signed /> : "—"}
    </td>
  );
}
