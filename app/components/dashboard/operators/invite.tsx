import { useState } from "react";
import { Field } from "#app/components/dashboard/field.tsx";
import { FormModal } from "#app/components/dashboard/kit/form-modal.tsx";
import { useRecordForm } from "#app/components/dashboard/kit/use-record-form.ts";
import { request } from "#app/lib/dashboard/api.ts";
import { useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import { formatDateTime } from "#shared/india-time.ts";
import { operatorInviteSchema, usernameHint, type OperatorRow, type Role } from "#schemas/operator.ts";
import { rowActionClass } from "../row-actions";
import { OPERATORS } from "./endpoints";

const ROLE_SCOPE: Record<Role, string> = {
  editor: "Blog, team, jobs, comments, applications and enquiries.",
  admin: "Everything, including the directory, operators and site settings.",
};

/** Invites an operator by e-mail: they choose their own password through the link (no password here). */
export function InviteOperator({ onClose }: { onClose: () => void }) {
  const form = useRecordForm({
    endpoint: "/api/operators/invite",
    id: null,
    initial: { username: "", email: "", role: "editor" as Role },
    schema: operatorInviteSchema,
    success: "Invitation sent.",
    invalidate: [OPERATORS],
    onSaved: onClose,
  });
  return (
    <FormModal
      title="Invite operator"
      kind="create"
      form={form}
      onClose={onClose}
      className="grid gap-4"
      actionsClassName="flex justify-end gap-3"
      saveLabel="Send invitation"
    >
      <p className="text-sm text-slate-700">
        We e-mail a link where they choose their own password. It works once, for 72 hours.
      </p>
      <Field
        label="Username"
        hint={usernameHint}
        autoComplete="off"
        {...form.bind("username")}
      />
      <Field label="E-mail address" type="email" autoComplete="off" {...form.bind("email")} />
      <div>
        <label htmlFor="new-role" className="block text-sm font-medium text-slate-700">
          Role
        </label>
        <select
          id="new-role"
          value={form.values.role}
          onChange={(e) => form.setValues((v) => ({ ...v, role: e.target.value as Role }))}
          aria-describedby="new-role-scope"
          className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
        >
          <option value="editor">Editor</option>
          <option value="admin">Admin</option>
        </select>
        {/* What a role may do, under the select: as option text it was cut off on a phone. */}
        <p id="new-role-scope" className="mt-1 text-sm text-slate-600">
          {ROLE_SCOPE[form.values.role]}
        </p>
      </div>
    </FormModal>
  );
}

/** "Invited — link expires …" (or expired, or void) for an invited operator's Status cell. */
export function InviteStatus({ operator }: { operator: OperatorRow }) {
  const expires = operator.invite_expires_at;
  // The moment the row was drawn: a list refetch draws it again.
  const [now] = useState(() => Date.now());
  const text = !expires
    ? "Invited — no link works now; send a new one"
    : Date.parse(expires) <= now
      ? `Invited — link expired ${formatDateTime(expires)}`
      : `Invited — link expires ${formatDateTime(expires)}`;
  return <span className="font-semibold text-amber-800">{text}</span>;
}

/** Resend (a new link, the older one void) and Cancel (the unused account goes) for an invited operator. */
export function InviteActions({ operator }: { operator: OperatorRow }) {
  const resend = useConsoleMutation<OperatorRow>({
    request: (o) => request("POST /api/operators/:id/invite/resend", { params: { id: o.id } }),
    success: `A new invitation was sent to ${operator.username}.`,
    invalidate: [OPERATORS],
  });
  const cancel = useConsoleMutation<OperatorRow>({
    request: (o) => request("POST /api/operators/:id/invite/cancel", { params: { id: o.id } }),
    success: `The invitation of ${operator.username} was cancelled.`,
    invalidate: [OPERATORS],
  });
  const busy = resend.isPending || cancel.isPending;
  return (
    <>
      <button
        type="button"
        className={rowActionClass}
        disabled={busy || operator.disabled}
        onClick={() => resend.mutate(operator)}
      >
        Resend<span className="sr-only"> the invitation to {operator.username}</span>
      </button>
      <button
        type="button"
        className="rounded px-2 py-1 font-medium text-red-700 hover:bg-red-50"
        disabled={busy}
        onClick={() => cancel.mutate(operator)}
      >
        Cancel<span className="sr-only"> the invitation of {operator.username}</span>
      </button>
    </>
  );
}
