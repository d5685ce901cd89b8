import { useLocation } from "react-router";
import type { ResourcePath } from "#app/lib/dashboard/api.ts";
import { PhoneLink } from "#app/components/dashboard/contact-links.tsx";
import { memberColumn, timeColumn } from "#app/components/dashboard/columns.tsx";
import { Details } from "#app/components/dashboard/details.tsx";
import { FormActions } from "#app/components/dashboard/kit/form-actions.tsx";
import { ListScreen } from "#app/components/dashboard/kit/list-screen.tsx";
import { useRecordForm } from "#app/components/dashboard/kit/use-record-form.ts";
import {
  addedFrom,
  addedTo,
  requestStatusLabel,
  requestStatusOptions,
} from "#app/components/dashboard/logistics/options.ts";
import { formatDateTime } from "#shared/india-time.ts";
import { Chip, SelectField, TextAreaField } from "#app/components/dashboard/logistics/ui.tsx";
import { ErrorSummary } from "#app/components/dashboard/field.tsx";
import { Modal } from "#app/components/dashboard/modal.tsx";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { serviceRequestUpdateSchema, type ServiceRequest } from "#schemas/logistics.ts";
import { formatVehicleNumber } from "#schemas/vehicle.ts";

export const meta = ({ location }: { location: { pathname: string } }) =>
  consoleMeta(`${location.pathname.endsWith("fast_tag") ? "FASTag" : "Insurance"} requests`);

const tone = { new: "amber", in_progress: "sky", done: "green", rejected: "slate" } as const;

/** Insurance and FASTag requests: one screen, two routes; the path decides which. */
export default function ServiceRequests() {
  const kind = useLocation().pathname.endsWith("fast_tag") ? "fast_tag" : "insurance";
  const label = kind === "fast_tag" ? "FASTag" : "Insurance";
  const endpoint = `/api/${kind}` as const;
  const describe = (r: ServiceRequest) => `${label} request for ${formatVehicleNumber(r.vehicle_number)}`;

  return (
    <ListScreen<ServiceRequest>
      key={kind}
      title={`${label} requests`}
      endpoint={endpoint}
      describe={describe}
      searchPlaceholder="Search vehicle number, phone or notes"
      csvExport
      emptyText={`No ${label} requests match.`}
      bulkDelete={{ noun: "request", rowId: (r) => r.id, allMatching: true }}
      filters={[{ name: "status", label: "Status", options: requestStatusOptions }, addedFrom, addedTo]}
      editText="Update"
      form={(r, close) => r && <RequestModal request={r} endpoint={endpoint} label={label} onClose={close} />}
      remove={{
        noun: `${label} request`,
        message: (r) => `Delete the ${describe(r)}?`,
      }}
      columns={[
        timeColumn("created_at", "Received", formatDateTime),
        {
          key: "vehicle_number",
          primary: true,
          header: "Vehicle",
          sortable: true,
          render: (r) => (
            <span className="whitespace-nowrap font-mono font-semibold">
              {formatVehicleNumber(r.vehicle_number)}
            </span>
          ),
        },
        memberColumn(),
        {
          key: "status",
          header: "Status",
          sortable: true,
          render: (r) => <Chip tone={tone[r.status]}>{requestStatusLabel[r.status]}</Chip>,
        },
        {
          key: "notes",
          header: "Notes",
          className: "max-w-xs",
          render: (r) => <span className="line-clamp-2 text-slate-700">{r.notes || "—"}</span>,
        },
      ]}
    />
  );
}

function RequestModal({
  request,
  endpoint,
  label,
  onClose,
}: {
  request: ServiceRequest;
  endpoint: ResourcePath;
  label: string;
  onClose: () => void;
}) {
  const form = useRecordForm({
    endpoint,
    id: request.id,
    initial: { status: request.status as string, notes: request.notes },
    schema: serviceRequestUpdateSchema,
    success: `${label} request updated.`,
    onSaved: onClose,
    namePrefix: "request-",
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={`${label} request · ${formatVehicleNumber(request.vehicle_number)}`}
      kind="edit"
      busy={form.save.isPending}
      dirty={form.dirty}
      footer={
        <FormActions
          label="Save"
          busy={form.save.isPending}
          onCancel={onClose}
          onSave={form.submit}
          lockCancel
        />
      }
    >
      <Details
        className="mb-5 grid gap-3 text-sm sm:grid-cols-3"
        items={[
          ["Member", request.member_name || "—"],
          ["Mobile", <PhoneLink key="mobile" phone={request.contact_no} />],
          ["Received", formatDateTime(request.created_at)],
        ]}
      />
      <ErrorSummary errors={form.errors} className="mb-4" />
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <SelectField label="Status" options={requestStatusOptions} {...form.bind("status")} />
        <TextAreaField label="Notes" {...form.bind("notes")} />
      </div>
    </Modal>
  );
}
