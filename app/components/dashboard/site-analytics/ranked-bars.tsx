import { formatIndianNumber } from "#app/lib/dashboard/money.ts";

export interface RankedRow {
  key: string;
  label: string;
  value: number;
  /** A second figure shown beside the bar ("2 enquiries"). */
  note?: string;
}

/**
 * A top-N list drawn as bars: each row's bar is its share of the largest, its number beside it, so it reads
 * at a glance on a phone and as plain text to a screen reader (a list, not a picture).
 */
export function RankedBars({
  title,
  unit,
  rows,
  empty,
}: {
  title: string;
  unit: string;
  rows: RankedRow[];
  empty: string;
}) {
  const largest = Math.max(1, ...rows.map((r) => r.value));
  return (
    <section aria-label={title} className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 className="flex justify-between text-base font-semibold text-navy-900">
        {title}
        <span className="text-sm font-normal text-slate-600">{unit}</span>
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{empty}</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {rows.map((row) => (
            <li key={row.key} className="relative overflow-hidden rounded-md px-3 py-1.5 text-sm">
              <span
                aria-hidden="true"
                className="absolute inset-y-0 left-0 rounded-md bg-brand-100"
                style={{ width: `${(row.value / largest) * 100}%` }}
              />
              <span className="relative flex items-baseline justify-between gap-3">
                <span className="min-w-0 text-ink [overflow-wrap:anywhere]">
                  {row.label}
                  {row.note ? <span className="ml-2 text-xs text-emerald-800">{row.note}</span> : null}
                </span>
                <span className="shrink-0 font-semibold tabular-nums text-navy-900">
                  <span className="sr-only">: </span>
                  {formatIndianNumber(row.value)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
