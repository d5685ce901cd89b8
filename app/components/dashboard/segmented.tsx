/** One choice out of a few as a row of toggle buttons (aria-pressed); tabs with panels are ./tabs.tsx. */
export function Segmented<V extends string>({
  label,
  options,
  value,
  onChange,
  className = "",
  wide = false,
}: {
  /** The accessible name of the row. */
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  /** Classes added to the row (spacing, background). */
  className?: string;
  /** Roomier buttons. */
  wide?: boolean;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={`inline-flex rounded-lg border border-slate-300 p-1 ${className}`}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={`rounded-md ${wide ? "px-4" : "px-3"} py-1.5 text-sm font-semibold ${value === option.value ? "bg-navy-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
