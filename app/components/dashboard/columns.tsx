import type { ReactNode } from "react";
import { PhoneLink } from "./contact-links";
import { stateLabel } from "#schemas/logistics-options.ts";
import type { Column } from "./data-table";

/** Columns the console's lists share. */

/** A sortable timestamp column, kept on one line. */
export function timeColumn<T>(
  key: keyof T & string,
  header: string,
  format: (iso: string) => string,
): Column<T> {
  return {
    key,
    header,
    sortable: true,
    className: "whitespace-nowrap",
    render: (row) => format(String(row[key])),
  };
}

/** A person's name over the record's mobile number. */
export function personColumn<T extends { contact_no: string }>(
  key: string,
  header: string,
  name: (row: T) => ReactNode,
): Column<T> {
  return {
    key,
    header,
    render: (row) => (
      <div>
        <div>{name(row)}</div>
        {row.contact_no ? (
          <div className="text-xs">
            <PhoneLink phone={row.contact_no} />
          </div>
        ) : null}
      </div>
    ),
  };
}

/** The member a request or a complaint came from: name (or "—") over mobile number. */
export const memberColumn = <T extends { member_name: string; contact_no: string }>() =>
  personColumn<T>("member", "Member", (row) => row.member_name || "—");

export const stateColumn = <T extends { state: number }>(): Column<T> => ({
  key: "state",
  header: "State",
  render: (row) => stateLabel(row.state),
});
