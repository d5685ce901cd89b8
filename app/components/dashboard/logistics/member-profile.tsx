import { useQuery, useQueryClient } from "@tanstack/react-query";
import { PhoneLink } from "../contact-links";
import { Building2, MapPin, Phone, Plus, Trash2, Truck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { ApiError, call, type Answer } from "#app/lib/dashboard/api.ts";
import { toast } from "#app/lib/toast.tsx";
import { memberVehicleSchema, type MemberVehicle } from "#schemas/logistics.ts";
import { stateLabel } from "#schemas/logistics-options.ts";
import { formatVehicleNumber } from "#schemas/vehicle.ts";
import { Field } from "../field";
import { Spinner } from "../spinner";
import { formatDate } from "#shared/india-time.ts";

const MEMBERS = "/api/members";
type Profile = Answer<"GET /api/members/:id">;

/** A member's profile beside their vehicle list, where vehicles are added and removed at once. */
export function MemberProfile({ id, onClose }: { id: number; onClose: () => void }) {
  const client = useQueryClient();
  const key = [`${MEMBERS}/${id}`];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call("GET /api/members/:id", { params: { id }, signal }),
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
    void client.invalidateQueries({ queryKey: [MEMBERS] });
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = memberVehicleSchema.safeParse({ vehicle_no: vehicle });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    try {
      const answer = await call("POST /api/members/:id/vehicles", {
        params: { id },
        body: { vehicle_no: vehicle },
      });
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
      const answer = await call("DELETE /api/members/:id/vehicles/:vehicleId", {
        params: { id, vehicleId: v.id },
      });
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
              ["Mobile", Phone, <PhoneLink key="mobile" phone={p.phone} />],
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
