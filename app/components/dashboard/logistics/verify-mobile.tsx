import { BadgeCheck, UserPlus } from "lucide-react";
import { useState } from "react";
import { Field } from "#app/components/dashboard/field.tsx";
import { Spinner } from "#app/components/dashboard/spinner.tsx";
import { ApiError, call, type Body } from "#app/lib/dashboard/api.ts";
import { formatPhone } from "#schemas/phone.ts";
import { toast } from "#app/lib/toast.tsx";
import { memberInputSchema, type VerifiedMember } from "#schemas/logistics.ts";
import { fieldErrors } from "#schemas/validation.ts";
import { emptyMember, MemberFields, memberPayload, type MemberForm } from "./member-form";

/**
 * "Verify mobile": looks the member up by phone. Found → the verified flag is set and the caller fills
 * contact_no (and a name). Not found → says so and offers to create the member right here.
 */
export function VerifyMobile({
  phone,
  onPhoneChange,
  verified,
  onVerified,
  error,
}: {
  phone: string;
  onPhoneChange: (phone: string) => void;
  verified: VerifiedMember | null;
  onVerified: (member: VerifiedMember) => void;
  error?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; missing: boolean } | null>(null);
  const [creating, setCreating] = useState<MemberForm | null>(null);
  const [createErrors, setCreateErrors] = useState<Record<string, string>>({});

  const verify = async () => {
    setProblem(null);
    setCreating(null);
    if (!phone.trim())
      return setProblem({ message: "Enter the member's mobile number first.", missing: false });
    setBusy(true);
    try {
      const answer = await call("GET /api/members/verify", { query: { phone } });
      onVerified(answer.data);
    } catch (e) {
      const message = e instanceof Error ? e.message : "Could not verify the number.";
      setProblem({ message, missing: e instanceof ApiError && e.status === 404 });
    } finally {
      setBusy(false);
    }
  };

  const createMember = async () => {
    if (!creating) return;
    const payload = memberPayload(creating);
    const parsed = memberInputSchema.safeParse(payload);
    if (!parsed.success) return setCreateErrors(fieldErrors(parsed.error));
    setBusy(true);
    try {
      const { data } = await call("POST /api/members", { body: payload as Body<"POST /api/members"> });
      toast.success(`Member ${data.first_name} created.`);
      setCreating(null);
      setProblem(null);
      // As typed in the new member's form; the verified line below shows it formatted.
      onPhoneChange(creating.phone);
      onVerified({
        user_id: data.user_id,
        first_name: data.first_name,
        last_name: data.last_name,
        phone: data.phone,
        company: data.company,
        state: data.state,
        vehicle_list: [],
      });
    } catch (e) {
      toast.error(e instanceof Error ? e.message : "Could not create the member.");
      setCreateErrors(e instanceof ApiError ? e.fields : {});
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4 sm:col-span-2">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <Field
            label="Member's mobile number"
            name="contact_no"
            value={phone}
            inputMode="tel"
            autoComplete="off"
            placeholder="98765 43210"
            error={error ?? (problem && !problem.missing ? problem.message : undefined)}
            onChange={(e) => {
              onPhoneChange(e.target.value);
              setProblem(null);
              setCreating(null);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                void verify();
              }
            }}
          />
        </div>
        <button type="button" className="btn-secondary mb-px" onClick={verify} disabled={busy}>
          {busy && !creating ? <Spinner /> : null} Verify mobile
        </button>
      </div>
      {verified ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-emerald-800" role="status">
          <BadgeCheck aria-hidden="true" className="size-4" />
          Verified:{" "}
          {verified.first_name
            ? `${`${verified.first_name} ${verified.last_name}`.trim()} (${formatPhone(verified.phone)})`
            : formatPhone(verified.phone)}
          {verified.vehicle_list.length
            ? ` · ${verified.vehicle_list.length} vehicle${verified.vehicle_list.length === 1 ? "" : "s"}`
            : ""}
        </p>
      ) : null}
      {problem?.missing ? (
        <div
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          role="alert"
        >
          <p>{problem.message}</p>
          {!creating ? (
            <button
              type="button"
              className="btn-secondary mt-2"
              onClick={() => setCreating(emptyMember(phone))}
            >
              <UserPlus aria-hidden="true" className="size-4" /> Create member
            </button>
          ) : null}
        </div>
      ) : null}
      {creating ? (
        <div className="mt-3 rounded-lg border border-slate-200 bg-white p-4">
          <h3 className="mb-3 text-sm font-semibold text-navy-900">New member</h3>
          <MemberFields values={creating} errors={createErrors} onChange={setCreating} prefix="new-member" />
          <div className="mt-3 flex justify-end gap-2">
            <button
              type="button"
              className="btn text-slate-700 hover:bg-slate-100"
              onClick={() => setCreating(null)}
            >
              Cancel
            </button>
            <button type="button" className="btn-primary" onClick={createMember} disabled={busy}>
              {busy ? <Spinner /> : null} Save member and verify
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
