import { useState, type FormEvent } from "react";
import { useOutletContext } from "react-router";
import { DataTable } from "~/components/dashboard/data-table";
import { Field } from "~/components/dashboard/field";
import { Modal, Spinner } from "~/components/dashboard/modal";
import type { Me } from "~/lib/dashboard/me";
import { fieldErrorsOf, useConsoleMutation } from "~/lib/dashboard/mutation";
import { newOperatorSchema, roles, type OperatorSummary, type Role } from "../../../schemas/operator";
import { fieldErrors } from "../../../schemas/validation";

export function meta() {
  return [{ title: "Operators | GCC View 360 Console" }];
}

const ENDPOINT = "/api/operators";

export default function Operators() {
  const me = useOutletContext<Me>();
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<OperatorSummary | null>(null);
  const update = useConsoleMutation<{ id: number; change: Record<string, unknown> }>({
    request: ({ id, change }) => ({ path: `${ENDPOINT}/${id}`, method: "PATCH", body: change }),
    success: "Operator updated.",
    invalidate: [ENDPOINT],
  });

  return (
    <>
      <DataTable<OperatorSummary>
        title="Operators"
        endpoint={ENDPOINT}
        dataKey="operators"
        rowKey={(o) => o.id}
        actions={
          <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
            Add operator
          </button>
        }
        columns={[
          { key: "username", header: "Username", render: (o) => o.username },
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
              o.disabled ? <span className="font-semibold text-red-700">Disabled</span> : "Active",
          },
          {
            key: "created_at",
            header: "Created",
            render: (o) => new Date(o.created_at).toLocaleDateString("en-IN", { dateStyle: "medium" }),
          },
        ]}
        rowActions={(o) => (
          <div className="flex justify-end gap-2">
            <button
              type="button"
              className="rounded px-2 py-1 font-medium text-brand-700 hover:bg-brand-50"
              onClick={() => setResetting(o)}
            >
              Reset password<span className="sr-only"> of {o.username}</span>
            </button>
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
      {creating ? <CreateOperator onClose={() => setCreating(false)} /> : null}
      {resetting ? <ResetPassword operator={resetting} onClose={() => setResetting(null)} /> : null}
    </>
  );
}

function CreateOperator({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState({ username: "", password: "", role: "editor" as Role });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useConsoleMutation<typeof values>({
    request: (body) => ({ path: ENDPOINT, method: "POST", body }),
    success: "Operator created.",
    invalidate: [ENDPOINT],
    onSuccess: onClose,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newOperatorSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    create.mutate(values, { onError: (e) => setErrors(fieldErrorsOf(e)) });
  };
  return (
    <Modal open onClose={onClose} title="Add operator" kind="create" busy={create.isPending}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field
          label="Username"
          name="username"
          autoComplete="off"
          value={values.username}
          error={errors.username}
          onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
        />
        <Field
          label="Password (at least 12 characters)"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
        />
        <div>
          <label htmlFor="new-role" className="block text-sm font-medium text-slate-700">
            Role
          </label>
          <select
            id="new-role"
            value={values.role}
            onChange={(e) => setValues((v) => ({ ...v, role: e.target.value as Role }))}
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
          >
            <option value="editor">Editor: blog, team, jobs, comments, enquiries</option>
            <option value="admin">Admin: everything, including operators</option>
          </select>
        </div>
        <div className="flex justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={create.isPending}>
            {create.isPending ? <Spinner /> : null} Create
          </button>
        </div>
      </form>
    </Modal>
  );
}

function ResetPassword({ operator, onClose }: { operator: OperatorSummary; onClose: () => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const reset = useConsoleMutation<string>({
    request: (value) => ({ path: `${ENDPOINT}/${operator.id}`, method: "PATCH", body: { password: value } }),
    success: `Password of ${operator.username} changed; their sessions have ended.`,
    invalidate: [ENDPOINT],
    onSuccess: onClose,
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={`Reset password of ${operator.username}`}
      kind="edit"
      busy={reset.isPending}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (password.length < 12) return setError("Use at least 12 characters");
          setError(undefined);
          reset.mutate(password);
        }}
      >
        <Field
          label="New password"
          name="new-password"
          type="password"
          autoComplete="new-password"
          value={password}
          error={error}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={reset.isPending}>
            Change password
          </button>
        </div>
      </form>
    </Modal>
  );
}
