import type { ReactNode } from "react";

/** A record's facts as term and value pairs (a `<dl>` laid out by `className`). */
export function Details({
  className,
  items,
  valueClassName,
}: {
  className: string;
  items: [term: string, value: ReactNode][];
  valueClassName?: string;
}) {
  return (
    <dl className={className}>
      {items.map(([term, value]) => (
        <div key={term}>
          <dt className="font-medium text-slate-500">{term}</dt>
          <dd className={valueClassName}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
