/** A row's status changed in place: a select drawn as the status's coloured chip. */
export function StatusSelect<S extends string>({
  label,
  value,
  options,
  labels,
  tone,
  disabled,
  onChange,
}: {
  label: string;
  value: S;
  options: readonly S[];
  labels: Record<S, string>;
  /** Classes of the chip's colours for the current status. */
  tone: string;
  disabled?: boolean;
  onChange: (status: S) => void;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as S)}
      className={`w-auto rounded-full border-0 py-0.5 pl-2 pr-7 text-xs font-semibold ${tone}`}
    >
      {options.map((s) => (
        <option key={s} value={s}>
          {labels[s]}
        </option>
      ))}
    </select>
  );
}
