import { useQuery } from "@tanstack/react-query";
import { PhoneLink } from "../contact-links";
import { call } from "#app/lib/dashboard/api.ts";
import { formatRupees } from "#app/lib/dashboard/money.ts";
import { useNarrow } from "#app/lib/dashboard/narrow.ts";
import type { AfterSaleCustomer, ServiceHistoryEntry } from "#schemas/logistics.ts";
import { stateLabel } from "#schemas/logistics-options.ts";
import { ListScreen } from "../kit/list-screen";
import { stateOptions } from "../logistics/options";
import { formatDate } from "#shared/india-time.ts";
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
          render: (c) => <PhoneLink phone={c.phone} />,
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
      call("GET /api/crm/after_sale/:id", { params: { id: customer.user_id }, signal }),
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
        <History entries={query.data.service_history} />
      )}
    </Modal>
  );
}

/** The services of a customer, newest first: a table, or below 640 px one card per service. */
function History({ entries }: { entries: ServiceHistoryEntry[] }) {
  const narrow = useNarrow();
  if (narrow)
    return (
      <ul className="grid gap-3 text-sm">
        {entries.map((h) => (
          <li key={h.id} className="rounded-xl border border-slate-200 p-3">
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-semibold text-navy-900">{h.service}</span>
              <span className="whitespace-nowrap">{formatRupees(h.amount)}</span>
            </div>
            <p className="text-slate-600">{formatDate(h.created_at)}</p>
            {h.note ? <p className="mt-1 text-slate-700">{h.note}</p> : null}
          </li>
        ))}
      </ul>
    );
  return (
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
        {entries.map((h) => (
          <tr key={h.id}>
            <td className="py-2">{formatDate(h.created_at)}</td>
            <td className="py-2">{h.service}</td>
            <td className="py-2 text-slate-600">{h.note || "—"}</td>
            <td className="py-2 text-right">{formatRupees(h.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
