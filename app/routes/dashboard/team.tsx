import { useState, type FormEvent } from "react";
import { DataTable } from "~/components/dashboard/data-table";
import { Field, TextAreaField } from "~/components/dashboard/field";
import { ImageUpload } from "~/components/dashboard/image-upload";
import { ConfirmModal, Modal, Spinner } from "~/components/dashboard/modal";
import { RowActions } from "~/components/dashboard/row-actions";
import { fieldErrorsOf, useConsoleMutation } from "~/lib/dashboard/mutation";
import { teamMemberInputSchema } from "../../../schemas/team";
import { fieldErrors } from "../../../schemas/validation";

export function meta() {
  return [{ title: "Team | GCC View 360 Console" }];
}

const ENDPOINT = "/api/team_members";

export interface TeamRow {
  id: number;
  name: string;
  position: string;
  image: string | null;
  description: string;
  sort_order: number;
}

export default function TeamScreen() {
  const [editing, setEditing] = useState<TeamRow | "new" | null>(null);
  const [deleting, setDeleting] = useState<TeamRow | null>(null);
  const remove = useConsoleMutation<number>({
    request: (id) => ({ path: `${ENDPOINT}/${id}`, method: "DELETE" }),
    success: "Team member removed.",
    invalidate: [ENDPOINT],
    onSuccess: () => setDeleting(null),
  });
  return (
    <>
      <DataTable<TeamRow>
        title="Leadership team"
        endpoint={ENDPOINT}
        dataKey="team_members"
        rowKey={(m) => m.id}
        searchPlaceholder="Search name or position"
        emptyText="No team members yet."
        actions={
          <button type="button" className="btn-primary" onClick={() => setEditing("new")}>
            Add member
          </button>
        }
        columns={[
          {
            key: "image",
            header: "Photo",
            render: (m) =>
              m.image ? <img src={m.image} alt="" className="size-10 rounded-full object-cover" /> : "—",
          },
          { key: "name", header: "Name", sortable: true, render: (m) => m.name },
          { key: "position", header: "Position", render: (m) => m.position },
          { key: "sort_order", header: "Order", sortable: true, render: (m) => m.sort_order },
        ]}
        rowActions={(m) => (
          <RowActions label={m.name} onEdit={() => setEditing(m)} onDelete={() => setDeleting(m)} />
        )}
      />
      {editing ? (
        <TeamForm member={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmModal
        open={deleting !== null}
        title="Remove team member"
        message={deleting ? `Remove ${deleting.name} from the leadership page?` : ""}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

function TeamForm({ member, onClose }: { member: TeamRow | null; onClose: () => void }) {
  const [values, setValues] = useState({
    name: member?.name ?? "",
    position: member?.position ?? "",
    image: member?.image ?? null,
    description: member?.description ?? "",
    sort_order: member?.sort_order ?? 0,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useConsoleMutation<typeof values>({
    request: (body) =>
      member
        ? { path: `${ENDPOINT}/${member.id}`, method: "PATCH", body }
        : { path: ENDPOINT, method: "POST", body },
    success: member ? "Team member updated." : "Team member added.",
    invalidate: [ENDPOINT],
    onSuccess: onClose,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = teamMemberInputSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(values, { onError: (e) => setErrors(fieldErrorsOf(e)) });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={member ? `Edit ${member.name}` : "Add team member"}
      kind={member ? "edit" : "create"}
      busy={save.isPending}
    >
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Name"
          name="name"
          value={values.name}
          error={errors.name}
          onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
        />
        <Field
          label="Position"
          name="position"
          value={values.position}
          error={errors.position}
          onChange={(e) => setValues((v) => ({ ...v, position: e.target.value }))}
        />
        <div className="sm:col-span-2">
          <ImageUpload
            label="Photo"
            value={values.image}
            error={errors.image}
            onChange={(image) => setValues((v) => ({ ...v, image }))}
          />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField
            label="Description"
            name="description"
            rows={5}
            value={values.description}
            error={errors.description}
            onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
          />
        </div>
        <Field
          label="Display order"
          name="sort_order"
          type="number"
          min={0}
          value={values.sort_order}
          error={errors.sort_order}
          onChange={(e) => setValues((v) => ({ ...v, sort_order: Number(e.target.value) }))}
        />
        <div className="flex items-end justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null} Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
