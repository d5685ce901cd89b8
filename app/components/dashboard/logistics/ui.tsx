import type { ReactNode } from "react";
import { SelectField as BaseSelectField, TextAreaField } from "../field";
import { chipTone } from "./options";

/** Directory forms start their selects with an empty "Choose…" option. */
export function SelectField(props: Parameters<typeof BaseSelectField>[0]) {
  return <BaseSelectField placeholder="Choose…" {...props} />;
}

export { TextAreaField };
export { RowActions } from "../row-actions";

export function Chip({ tone, children }: { tone: keyof typeof chipTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${chipTone[tone]}`}
    >
      {children}
    </span>
  );
}
