import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/dashboard/api";
import { formatRupees } from "~/lib/dashboard/money";
import type { AfterSaleCustomer, Member, ServiceHistoryEntry } from "../../../../schemas/logistics";
import { stateLabel } from "../../../../schemas/logistics-options";
import { formatPhone } from "../../../../schemas/phone";
import { ListScreen } from "../kit/list-screen";
import { formatDate, stateOptions } from "../logistics/options";
import { Modal } from "../modal";
import { Spinner } from "../spinner";
import { AFTER_SALE } from "./endpoints";
import { NameOverCompany } from "./name-over-company";

const customerName = (c: AfterSaleCustomer) => `${c.first_name} ${c.last_name}`.trim();

/** After sale: customers with service history; each row opens that history. */
export function AfterSaleList() {
  return (
    <ListScreen<AfterSaleCustomer>
      title="CRM · After sale"
      endpoint={AFTER_SALE}
      dataKey="profile"
      rowKey={(c) => c.user_id}
      describe={(c) => `of ${c.first_name} ${c.last_name}`.trim()}
      searchPlaceholder="Search customer name, mobile number or company"
      csvExport
      emptyText="No customers with service history match."
      filters={[{ name: "state", label: "State", options: stateOptions }]}
      editText="Service history"
      form={(c, close) => c && <HistoryModal customer={c} onClose={close} />}
      columns={[
        {
          key: "name",
          header: "Customer",
          render: (c) => <NameOverCompany name={customerName(c)} company={c.company} />,
        },
        {
          key: "phone",
          header: "Mobile",
          className: "whitespace-nowrap",
          render: (c) => formatPhone(c.phone),
        },
        { key: "state", header: "State", render: (c) => stateLabel(c.state) },
        { key: "services", header: "Services", className: "text-right", render: (c) => c.service_count },
        {
          key: "total",
          header: "Billed",
          className: "text-right",
          render: (c) => formatRupees(c.total_amount),
        },
        {
          key: "last",
          header: "Last service",
          className: "whitespace-nowrap",
          render: (c) => formatDate(c.last_service_at),
        },
      ]}
    />
  );
}

function HistoryModal({ customer, onClose }: { customer: AfterSaleCustomer; onClose: () => void }) {
  const query = useQuery({
    queryKey: [`${AFTER_SALE}/${customer.user_id}`],
    queryFn: ({ signal }) =>
      api<{ profile_data: Member[]; service_history: ServiceHistoryEntry[] }>(
        `${AFTER_SALE}/${customer.user_id}`,
        { signal },
      ),
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={`Service history · ${customer.first_name} ${customer.last_name}`.trim()}
      kind="crm"
      closeOnBackdrop
    >
      {query.isPending ? (
        <Spinner label="Loading history…" />
      ) : query.isError ? (
        <p role="alert">The history could not be loaded.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase text-slate-600">
            <tr>
              {["Date", "Service", "Note", "Amount"].map((heading) => (
                <th key={heading} scope="col" className={heading === "Amount" ? "py-2 text-right" : "py-2"}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {query.data.service_history.map((h) => (
              <tr key={h.id}>
                <td className="py-2">{formatDate(h.created_at)}</td>
                <td className="py-2">{h.service}</td>
                <td className="py-2 text-slate-600">{h.note || "—"}</td>
                <td className="py-2 text-right">{formatRupees(h.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
