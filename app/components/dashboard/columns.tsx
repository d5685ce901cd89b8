import { formatPhone } from "../../../schemas/phone";
import type { Column } from "./data-table";

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

/** The member a request or a complaint came from: name (or "—") over mobile number. */
export function memberColumn<T extends { member_name: string; contact_no: string }>(): Column<T> {
  return {
    key: "member",
    header: "Member",
    render: (row) => (
      <div>
        <div>{row.member_name || "—"}</div>
        <div className="whitespace-nowrap text-xs text-slate-500">
          {row.contact_no ? formatPhone(row.contact_no) : ""}
        </div>
      </div>
    ),
  };
}
