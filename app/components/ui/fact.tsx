import type { ReactNode } from "react";

/** One term and its value in a dialog's `<dl>`; `valueClass` styles the value. */
export function Fact({
  term,
  valueClass = "font-medium text-navy-900",
  children,
}: {
  term: string;
  valueClass?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wider text-slate-600">{term}</dt>
      <dd className={`mt-1 ${valueClass}`}>{children}</dd>
    </div>
  );
}
