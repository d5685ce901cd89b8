import type { ReactNode } from "react";
import type { Column } from "~/components/dashboard/data-table";
import { formatPhone } from "../../../../schemas/phone";
import { stateLabel } from "../../../../schemas/logistics-options";
import { formatDate } from "./options";

/** Columns the directory lists share. */

/** When the record was added, as a date. */
export const addedColumn = <T extends { created_at: string }>(header = "Added"): Column<T> => ({
  key: "created_at",
  header,
  className: "whitespace-nowrap",
  render: (row) => formatDate(row.created_at),
});

/** A person's name with the record's mobile number under it. */
export const personColumn = <T extends { contact_no: string }>(
  key: string,
  header: string,
  name: (row: T) => ReactNode,
): Column<T> => ({
  key,
  header,
  render: (row) => (
    <div>
      <div>{name(row)}</div>
      <div className="whitespace-nowrap text-xs text-slate-500">{formatPhone(row.contact_no)}</div>
    </div>
  ),
});

export const stateColumn = <T extends { state: number }>(): Column<T> => ({
  key: "state",
  header: "State",
  render: (row) => stateLabel(row.state),
});
