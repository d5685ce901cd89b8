import { useId } from "react";

/** No Recharts here: the table alternative renders even before (or without) the chart chunk. */

export interface TableSeries {
  key: string;
  label: string;
}

/**
 * Counts per hour or day are drawn as bars while they stay small: a line between 0s and 1s is a zigzag
 * nobody can read, whereas a bar per bucket shows each count. Larger counts read better as lines.
 */
export const SMALL_COUNT = 5;
export function drawAsBars(data: readonly object[], keys: readonly string[]) {
  return data.every((row) =>
    keys.every((k) => Number((row as Record<string, unknown>)[k] ?? 0) <= SMALL_COUNT),
  );
}

/** The chart's numbers as a real table, behind a keyboard-reachable "Show the numbers" toggle. */
export function ChartTable({
  caption,
  bucketHeader,
  bucketKey,
  formatBucket,
  series,
  data,
}: {
  caption: string;
  bucketHeader: string;
  bucketKey: string;
  formatBucket: (value: string) => string;
  series: readonly TableSeries[];
  data: readonly object[];
}) {
  const id = useId();
  const rows = data as readonly Record<string, string | number | undefined>[];
  return (
    // Inline-size containment: a wide table scrolls in its box instead of widening the page around it.
    <details className="group mt-3 rounded-lg border border-slate-200 [contain:inline-size]" data-chart-table>
      <summary className="cursor-pointer select-none rounded-lg px-3 py-2 text-sm font-semibold text-navy-900 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500">
        <span className="group-open:hidden">Show the numbers as a table</span>
        <span className="hidden group-open:inline">Hide the table</span>
      </summary>
      {/* Focusable so keyboard users can scroll a long table inside its box. */}
      <div
        role="region"
        aria-labelledby={id}
        tabIndex={0}
        className="max-h-80 overflow-auto border-t border-slate-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <table className="w-full text-sm">
          <caption id={id} className="px-3 py-2 text-left text-xs text-slate-600">
            {caption}
          </caption>
          {/* On a phone the box scrolls sideways: the headers stay on one line and the day or hour in view. */}
          <thead className="sticky top-0 z-10 bg-slate-50">
            <tr>
              <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2 text-left font-semibold">
                {bucketHeader}
              </th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="whitespace-nowrap px-3 py-2 text-right font-semibold">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row[bucketKey])} className="border-t border-slate-100">
                <th
                  scope="row"
                  className="sticky left-0 whitespace-nowrap bg-white px-3 py-1.5 text-left font-normal"
                >
                  {formatBucket(String(row[bucketKey]))}
                </th>
                {series.map((s) => (
                  <td key={s.key} className="px-3 py-1.5 text-right tabular-nums">
                    {Number(row[s.key] ?? 0).toLocaleString("en-IN")}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
