import { csvDateTime } from "#shared/india-time.ts";

/** An ISO timestamp as the API writes it (`2026-07-06T10:37:53.249Z`); a plain date is left alone. */
const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** Stored phone numbers are E.164 Indian mobiles. */
const indianMobile = /^\+91(\d{5})(\d{5})$/;

/** Excel (Windows) reads a CSV without a byte order mark in the machine's code page: हिन्दी turns to mojibake. */
export const CSV_BOM = "\uFEFF";

/**
 * Text a spreadsheet would not keep as typed: a phone with its `+` (Google Sheets refuses it as a formula,
 * Excel runs `+91-…` as a sum), a leading zero (dropped), twelve or more digits (shown as 9.19E+11 and saved
 * so). It is written as the formula `="…"`, the one form Excel and Google Sheets both show as that text;
 * the literal holds only digits, spaces, `+`, `(`, `)`, `-`, so no formula can be smuggled in.
 */
const keptAsText = /^(\+\d[\d ()-]{5,24}|0\d+|\d{12,30})$/;
const asTextFormula = /^="(\+\d[\d ()-]{5,24}|0\d+|\d{12,30})"$/;

/** `+919000000049` → `+91 90000 00049`, as the console shows it. */
export const csvPhone = (e164: string) => e164.replace(indianMobile, "+91 $1 $2");

/** A plain negative number: a spreadsheet reads it as that number, nothing runs. */
const negativeNumber = /^-\d+(\.\d+)?$/;

/** Cells a spreadsheet would run as a formula; `toCsv` puts a quote before them. */
const formulaStart = /^[=+\-@\t\r\n]/;
/**
 * The same text after a separator inside a cell: a spreadsheet in a locale whose separator is ";" splits
 * the line there (quotes count only at the start of a piece), so a piece can start a formula mid-cell.
 */
const formulaAfterSeparator = /([,;])(?=[=+\-@\t\r\n])/g;
const quotedAfterSeparator = /([,;])'(?=[=+\-@\t\r\n])/g;

/**
 * A cell read back from a file `toCsv` wrote (an import): the quotes it put before formulas go again, and
 * text it wrote as `="…"` is that text.
 */
export const unescapeCell = (cell: string) =>
  asTextFormula.test(cell)
    ? cell.slice(2, -1)
    : (cell.startsWith("'") && formulaStart.test(cell.slice(1)) ? cell.slice(1) : cell).replace(
        quotedAfterSeparator,
        "$1",
      );

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return csvDateTime(value);
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  const s = String(value);
  if (isoTimestamp.test(s)) return csvDateTime(new Date(s));
  const shown = indianMobile.test(s) ? csvPhone(s) : s;
  if (keptAsText.test(shown)) return `="${shown}"`;
  if (negativeNumber.test(s)) return s;
  // Anything a spreadsheet would run as a formula is turned into text by a quote before it.
  const safe = s.replace(formulaAfterSeparator, "$1'");
  return formulaStart.test(safe) ? `'${safe}` : safe;
}

/**
 * RFC 4180 CSV with a UTF-8 byte order mark, the one writer of every export: moments in India time, phone
 * numbers as the console shows them, no cell a spreadsheet would run as a formula, whether it splits lines
 * on "," or on ";" (docs/decisions/0022-csv-for-spreadsheets.md).
 */
export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cell = (value: unknown) => {
    const t = text(value);
    // ";" too: spreadsheets in many locales separate cells with it.
    return /[",;\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
  };
  return CSV_BOM + [headers, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}
