import { useState } from "react";
import { request, type Body } from "#app/lib/dashboard/api.ts";
import { useOutletContext } from "react-router";
import { DataTable } from "#app/components/dashboard/data-table/index.ts";
import { ErrorSummary, Field } from "#app/components/dashboard/field.tsx";
import { useRecordForm } from "#app/components/dashboard/kit/use-record-form.ts";
import { Modal } from "#app/components/dashboard/modal.tsx";
import { OPERATORS } from "#app/components/dashboard/operators/endpoints.ts";
import { InviteActions, InviteOperator, InviteStatus } from "#app/components/dashboard/operators/invite.tsx";
import { EndSessionsButton } from "#app/components/dashboard/operators/sessions.tsx";
import {
  TwoFactorPolicyForm,
  useResetTwoFactor,
} from "#app/components/dashboard/operators/two-factor-actions.tsx";
import { rowActionClass } from "#app/components/dashboard/row-actions.tsx";
import { formatDate } from "#shared/india-time.ts";
import type { Me } from "#app/lib/dashboard/me.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import {
  operatorUpdateSchema,
  roles,
  usernameHint,
  type OperatorRow,
  type OperatorSummary,
  type Role,
} from "#schemas/operator.ts";

export const meta = () => consoleMeta("Operators");

export default function Operators() {
  const me = useOutletContext<Me>();
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<OperatorSummary | null>(null);
  const [addressing, setAddressing] = useState<OperatorSummary | null>(null);
  const update = useConsoleMutation<{ id: number; change: Record<string, unknown> }>({
    request: ({ id, change }) =>
      request("PATCH /api/operators/:id", {
        params: { id },
        body: change as Body<"PATCH /api/operators/:id">,
      }),
    success: "Operator updated.",
    invalidate: [OPERATORS],
  });
  const resetTwoFactor = useResetTwoFactor();

  return (
    <>
      <TwoFactorPolicyForm />
      <DataTable<OperatorRow>
        title="Operators"
        endpoint={OPERATORS}
        searchPlaceholder="Search by username or e-mail"
        rowKey={(o) => o.id}
        actions={
          <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
            Invite operator
          </button>
        }
        columns={[
          { key: "username", header: "Username", render: (o) => o.username },
          {
            key: "email",
            header: "E-mail",
            render: (o) => o.email ?? <span className="text-slate-500">None</span>,
          },
          {
            key: "role",
            header: "Role",
            render: (o) => (
              <select
                aria-label={`Role of ${o.username}`}
                value={o.role}
                disabled={o.id === me.user_id || update.isPending}
                onChange={(e) => update.mutate({ id: o.id, change: { role: e.target.value as Role } })}
                className="rounded-md border border-slate-300 bg-white px-2 py-1"
              >
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            ),
          },
          {
            key: "status",
            header: "Status",
            render: (o) =>
              o.disabled ? (
                <span className="font-semibold text-red-700">Disabled</span>
              ) : o.invited ? (
                <InviteStatus operator={o} />
              ) : (
                "Active"
              ),
          },
          { key: "two_factor", header: "Two-factor", render: (o) => (o.two_factor ? "On" : "Off") },
          { key: "created_at", header: "Created", render: (o) => formatDate(o.created_at) },
        ]}
        rowActions={(o) => (
          <div className="flex justify-end gap-2">
            <button type="button" className={rowActionClass} onClick={() => setAddressing(o)}>
              Edit e-mail<span className="sr-only"> of {o.username}</span>
            </button>
            {o.invited ? (
              <InviteActions operator={o} />
            ) : (
              <button type="button" className={rowActionClass} onClick={() => setResetting(o)}>
                Reset password<span className="sr-only"> of {o.username}</span>
              </button>
            )}
            {o.two_factor && o.id !== me.user_id ? (
              <button type="button" className={rowActionClass} onClick={() => resetTwoFactor.ask(o)}>
                Reset two-factor<span className="sr-only"> of {o.username}</span>
              </button>
            ) : null}
            {o.id !== me.user_id && !o.invited ? <EndSessionsButton operator={o} /> : null}
            {o.id !== me.user_id ? (
              <button
                type="button"
                className="rounded px-2 py-1 font-medium text-red-700 hover:bg-red-50"
                onClick={() => update.mutate({ id: o.id, change: { disabled: !o.disabled } })}
              >
                {o.disabled ? "Enable" : "Disable"}
                <span className="sr-only"> {o.username}</span>
              </button>
            ) : null}
          </div>
        )}
      />
      {creating ? <InviteOperator onClose={() => setCreating(false)} /> : null}
      {resetting ? <ResetPassword operator={resetting} onClose={() => setResetting(null)} /> : null}
      {resetTwoFactor.dialog}
      {addressing ? <EditEmail operator={addressing} onClose={() => setAddressing(null)} /> : null}
    </>
  );
}

function ResetPassword({ operator, onClose }: { operator: OperatorSummary; onClose: () => void }) {
  const form = useRecordForm({
    endpoint: OPERATORS,
    id: operator.id,
    initial: { password: "" },
    schema: operatorUpdateSchema,
    success: `Password of ${operator.username} changed; their sessions have ended.`,
    onSaved: onClose,
    namePrefix: "new-",
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={`Reset password of ${operator.username}`}
      kind="edit"
      busy={form.save.isPending}
      dirty={form.dirty}
    >
      <form noValidate className="grid gap-4" onSubmit={form.submit}>
        <ErrorSummary errors={form.errors} />
        <Field label="New password" type="password" autoComplete="new-password" {...form.bind("password")} />
        <div className="flex justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={form.save.isPending}>
            Change password
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The address "Forgot password?" sends this operator's links to; a change voids a link already sent. */
function EditEmail({ operator, onClose }: { operator: OperatorSummary; onClose: () => void }) {
  const form = useRecordForm({
    endpoint: OPERATORS,
    id: operator.id,
    initial: { email: operator.email ?? "" },
    schema: operatorUpdateSchema,
    success: `E-mail address of ${operator.username} saved.`,
    onSaved: onClose,
    namePrefix: "edit-",
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={`E-mail address of ${operator.username}`}
      kind="edit"
      busy={form.save.isPending}
      dirty={form.dirty}
    >
      <form noValidate className="grid gap-4" onSubmit={form.submit}>
        <ErrorSummary errors={form.errors} />
        <Field
          label="E-mail address"
          hint="Where a link to reset the password is sent. Leave empty to have none."
          type="email"
          autoComplete="off"
          {...form.bind("email")}
        />
        <div className="flex justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={form.save.isPending}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
