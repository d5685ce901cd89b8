import { csvDateTime } from "#shared/india-time.ts";

/** An ISO timestamp as the API writes it (`2026-07-06T10:37:53.249Z`); a plain date is left alone. */
const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** Stored phone numbers are E.164 Indian mobiles. */
const indianMobile = /^\+91(\d{5})(\d{5})$/;

/**
 * `+919000000049` → `91 90000 00049`. A leading `+` (or `=`/`-`) starts a formula in Excel and
 * LibreOffice, so `+91 90000 00049` would be run (#NAME?/#NULL!) and `+91-…` computed as a sum; twelve
 * bare digits show as 9.19E+11. A cell starting with a digit is never a formula, and five-digit groups
 * are no locale's thousands grouping, so both keep this text as typed, with the country code.
 */
export const csvPhone = (e164: string) => e164.replace(indianMobile, "91 $1 $2");

/** Cells a spreadsheet would run as a formula; `toCsv` puts a quote before them. */
const formulaStart = /^[=+\-@\t\r\n]/;
/**
 * The same text after a separator inside a cell: a spreadsheet in a locale whose separator is ";" splits
 * the line there (quotes count only at the start of a piece), so a piece can start a formula mid-cell.
 */
const formulaAfterSeparator = /([,;])(?=[=+\-@\t\r\n])/g;
const quotedAfterSeparator = /([,;])'(?=[=+\-@\t\r\n])/g;

/** A cell read back from a file `toCsv` wrote (an import): the quotes it put before formulas go again. */
export const unescapeCell = (cell: string) =>
  (cell.startsWith("'") && formulaStart.test(cell.slice(1)) ? cell.slice(1) : cell).replace(
    quotedAfterSeparator,
    "$1",
  );

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return csvDateTime(value);
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  const s = String(value);
  if (isoTimestamp.test(s)) return csvDateTime(new Date(s));
  if (indianMobile.test(s)) return csvPhone(s);
  // Anything a spreadsheet would run as a formula is turned into text by a quote before it.
  const safe = s.replace(formulaAfterSeparator, "$1'");
  return formulaStart.test(safe) ? `'${safe}` : safe;
}

/**
 * RFC 4180 CSV, the one writer of every export: moments in India time, phone numbers readable,
 * no cell a spreadsheet would run as a formula, whether it splits lines on "," or on ";".
 */
export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cell = (value: unknown) => {
    const t = text(value);
    // ";" too: spreadsheets in many locales separate cells with it.
    return /[",;\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
  };
  return [headers, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}
