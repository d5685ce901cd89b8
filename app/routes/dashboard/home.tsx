import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Building2, MapPin, Phone, Plus, Trash2, Truck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { timeColumn } from "~/components/dashboard/columns";
import { Field } from "~/components/dashboard/field";
import { MemberModal } from "~/components/dashboard/logistics/member-form";
import {
  addedFrom,
  addedTo,
  categoryOptions,
  formatDate,
  stateOptions,
} from "~/components/dashboard/logistics/options";
import { Spinner } from "~/components/dashboard/modal";
import { ResourceScreen } from "~/components/dashboard/resource/resource-screen";
import { api, ApiError } from "~/lib/dashboard/api";
import { formatPhone } from "../../../schemas/phone";
import { formatVehicleNumber } from "../../../schemas/vehicle";
import { toast } from "~/lib/toast";
import { consoleMeta } from "~/lib/dashboard/meta";
import { memberVehicleSchema, type Member, type MemberVehicle } from "../../../schemas/logistics";
import { stateLabel } from "../../../schemas/logistics-options";

export const meta = () => consoleMeta("Dashboard");

const ENDPOINT = "/api/members";
type Profile = { profile_data: Member[]; vehicle_data: MemberVehicle[]; row_count: number };

/** The console's home: the member directory; selecting a member shows the profile and vehicle list. */
export default function Home() {
  const [params, setParams] = useSearchParams();
  const selectedId = Number(params.get("member")) || null;
  const select = (id: number | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set("member", String(id));
        else next.delete("member");
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold text-navy-900">Dashboard</h1>
      {selectedId ? <ProfilePanel key={selectedId} id={selectedId} onClose={() => select(null)} /> : null}
      <ResourceScreen<Member>
        title="Members"
        titleLevel={2}
        endpoint={ENDPOINT}
        rowKey={(m) => m.user_id}
        describe={(m) => `member ${m.first_name} ${m.last_name}`.trim()}
        searchPlaceholder="Search name, mobile number or company"
        csvExport
        emptyText="No members match."
        bulkDelete={{ noun: "member", rowId: (m) => m.user_id }}
        filters={[
          { name: "state", label: "State", options: stateOptions },
          { name: "service_category", label: "Service category", options: categoryOptions },
          addedFrom,
          addedTo,
        ]}
        rowClassName={(m) => (m.user_id === selectedId ? "bg-brand-50" : "")}
        createLabel={
          <>
            <Plus aria-hidden="true" className="size-4" /> Add member
          </>
        }
        form={(member, close) => (
          <MemberModal
            member={member}
            onClose={close}
            onSaved={member ? undefined : (m) => select(m.user_id)}
          />
        )}
        remove={{
          noun: "member",
          message: (m) =>
            `Delete ${m.first_name} ${m.last_name} and their vehicle list? Their loads, trucks and listings stay, without a member.`,
          onDeleted: (m) => {
            if (m.user_id === selectedId) select(null);
          },
        }}
        columns={[
          {
            key: "first_name",
            header: "Member",
            sortable: true,
            className: "min-w-48",
            render: (m) => (
              <button
                type="button"
                className="text-left"
                onClick={() => select(m.user_id)}
                aria-pressed={m.user_id === selectedId}
              >
                <span className="block font-medium text-brand-700 underline-offset-2 hover:underline">
                  {`${m.first_name} ${m.last_name}`.trim()}
                </span>
                <span className="block text-xs text-slate-600">{m.company || "—"}</span>
              </button>
            ),
          },
          {
            key: "phone",
            header: "Mobile",
            className: "whitespace-nowrap",
            render: (m) => <span className="whitespace-nowrap">{formatPhone(m.phone)}</span>,
          },
          { key: "state", header: "State", sortable: true, render: (m) => stateLabel(m.state) },
          { key: "service_category", header: "Category", sortable: true, render: (m) => m.service_category },
          { key: "vehicles", header: "Vehicles", className: "text-right", render: (m) => m.vehicle_count },
          timeColumn("created_at", "Joined", formatDate),
        ]}
      />
    </div>
  );
}

function ProfilePanel({ id, onClose }: { id: number; onClose: () => void }) {
  const client = useQueryClient();
  const key = [`${ENDPOINT}/${id}`];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<Profile>(`${ENDPOINT}/${id}`, { signal }),
  });
  const [vehicle, setVehicle] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  // Adding or removing a vehicle updates the list at once from the answer (spec section 4).
  const applyVehicles = (vehicles: MemberVehicle[]) => {
    client.setQueryData<Profile>(key, (old) =>
      old
        ? {
            ...old,
            vehicle_data: vehicles,
            profile_data: old.profile_data.map((p) => ({ ...p, vehicle_count: vehicles.length })),
          }
        : old,
    );
    void client.invalidateQueries({ queryKey: [ENDPOINT] });
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = memberVehicleSchema.safeParse({ vehicle_no: vehicle });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    try {
      const answer = await api<{ vehicle_data: MemberVehicle[]; message: string }>(
        `${ENDPOINT}/${id}/vehicles`,
        { method: "POST", body: { vehicle_no: vehicle } },
      );
      applyVehicles(answer.vehicle_data);
      toast.success(answer.message);
      setVehicle("");
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields.vehicle_no ?? e.message) : "Could not add the vehicle.");
      toast.error(e instanceof Error ? e.message : "Could not add the vehicle.");
    } finally {
      setBusy(false);
    }
  };
  const removeVehicle = async (v: MemberVehicle) => {
    try {
      const answer = await api<{ vehicle_data: MemberVehicle[]; message: string }>(
        `${ENDPOINT}/${id}/vehicles/${v.id}`,
        { method: "DELETE" },
      );
      applyVehicles(answer.vehicle_data);
      toast.success(`Vehicle ${formatVehicleNumber(v.vehicle_no)} removed.`);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : "Could not remove the vehicle.");
    }
  };

  if (query.isPending)
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <Spinner label="Loading profile…" />
      </div>
    );
  if (query.isError || !query.data.profile_data[0]) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600" role="alert">
        This member could not be loaded.{" "}
        <button type="button" className="font-medium text-brand-700 underline" onClick={onClose}>
          Close
        </button>
      </div>
    );
  }
  const p = query.data.profile_data[0];
  const vehicles = query.data.vehicle_data;
  return (
    <section
      className="grid overflow-hidden rounded-xl border border-slate-200 bg-white md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
      aria-labelledby="profile-name"
    >
      <div>
        <div className="flex items-start justify-between gap-3 bg-navy-900 px-5 py-4 text-white">
          <div>
            <p className="text-xs uppercase tracking-wider text-slate-300">Profile</p>
            <h2 id="profile-name" className="text-lg font-semibold">
              {`${p.first_name} ${p.last_name}`.trim()}
            </h2>
            <p className="text-sm text-slate-300">{p.service_category}</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            className="rounded-md px-2 py-1 text-sm text-slate-200 hover:bg-white/10"
          >
            Close<span className="sr-only"> profile</span>
          </button>
        </div>
        <dl className="grid gap-3 px-5 py-4 text-sm">
          {(
            [
              ["Mobile", Phone, formatPhone(p.phone)],
              ["Company", Building2, p.company || "—"],
              ["State", MapPin, stateLabel(p.state)],
            ] as const
          ).map(([term, Icon, value]) => (
            <div key={term}>
              <dt className="sr-only">{term}</dt>
              <dd className="flex items-center gap-2">
                <Icon aria-hidden="true" className="size-4 text-slate-400" />
                {value}
              </dd>
            </div>
          ))}
          <div>
            <dt className="sr-only">Joined</dt>
            <dd className="text-xs text-slate-600">Member since {formatDate(p.created_at)}</dd>
          </div>
        </dl>
      </div>
      <div className="border-t border-slate-200 px-5 py-4 md:border-l md:border-t-0">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-navy-900">
          <Truck aria-hidden="true" className="size-4" /> Vehicles{" "}
          <span className="rounded-full bg-slate-100 px-2 text-xs text-slate-700">{vehicles.length}</span>
        </h3>
        {vehicles.length === 0 ? <p className="mt-2 text-sm text-slate-500">No vehicles yet.</p> : null}
        <ul
          className="mt-2 grid gap-x-6 divide-y divide-slate-100 sm:grid-cols-2 sm:divide-y-0"
          aria-label="Vehicle list"
        >
          {vehicles.map((v) => (
            <li key={v.id} className="flex items-center justify-between border-slate-100 py-1.5 sm:border-b">
              <span className="font-mono text-sm font-semibold">{formatVehicleNumber(v.vehicle_no)}</span>
              <button
                type="button"
                className="rounded p-1.5 text-red-700 hover:bg-red-50"
                onClick={() => removeVehicle(v)}
                aria-label={`Remove vehicle ${formatVehicleNumber(v.vehicle_no)}`}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
        <form onSubmit={add} noValidate className="mt-3 flex items-start gap-2">
          <div className="flex-1">
            <Field
              label="Add a vehicle number"
              name="vehicle_no"
              placeholder="MH12AB1234"
              autoComplete="off"
              value={vehicle}
              error={error}
              onChange={(e) => setVehicle(e.target.value)}
            />
          </div>
          <button type="submit" className="btn-primary mt-6" disabled={busy}>
            {busy ? <Spinner /> : <Plus aria-hidden="true" className="size-4" />} Add
          </button>
        </form>
      </div>
    </section>
  );
}
