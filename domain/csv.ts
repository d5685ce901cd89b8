/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with a quote. */
export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cell = (value: unknown) => {
    let text =
      value instanceof Date
        ? value.toISOString()
        : value === null || value === undefined
          ? ""
          : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [headers, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}
