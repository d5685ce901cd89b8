import { Field, TextAreaField } from "#app/components/dashboard/field.tsx";
import { ImageUpload } from "#app/components/dashboard/image-upload.tsx";
import { FormModal } from "#app/components/dashboard/kit/form-modal.tsx";
import { ListScreen } from "#app/components/dashboard/kit/list-screen.tsx";
import { useRecordForm } from "#app/components/dashboard/kit/use-record-form.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { teamMemberInputSchema } from "#schemas/team.ts";
import type { TeamRow } from "#schemas/team.ts";

export const meta = () => consoleMeta("Team");

const ENDPOINT = "/api/team_members";

export default function TeamScreen() {
  return (
    <ListScreen<TeamRow>
      title="Leadership team"
      endpoint={ENDPOINT}
      describe={(m) => m.name}
      searchPlaceholder="Search name or position"
      emptyText="No team members yet."
      createLabel="Add member"
      form={(member, close) => <TeamForm member={member} onClose={close} />}
      remove={{
        noun: "team member",
        verb: "remove",
        message: (m) => `Remove ${m.name} from the leadership page?`,
      }}
      columns={[
        {
          key: "image",
          header: "Photo",
          render: (m) =>
            m.image ? <img src={m.image} alt="" className="size-10 rounded-full object-cover" /> : "—",
        },
        { key: "name", header: "Name", sortable: true, primary: true, render: (m) => m.name },
        { key: "position", header: "Position", render: (m) => m.position },
        {
          key: "slug",
          header: "Page",
          render: (m) => (
            <a href={`/leadership/${m.slug}`} className="text-brand-700 underline">
              /leadership/{m.slug}
            </a>
          ),
        },
        { key: "sort_order", header: "Order", sortable: true, render: (m) => m.sort_order },
      ]}
    />
  );
}

function TeamForm({ member, onClose }: { member: TeamRow | null; onClose: () => void }) {
  const form = useRecordForm({
    endpoint: ENDPOINT,
    id: member?.id ?? null,
    initial: {
      name: member?.name ?? "",
      position: member?.position ?? "",
      image: member?.image ?? null,
      description: member?.description ?? "",
      slug: member?.slug ?? "",
      linkedin: member?.linkedin ?? "",
      sort_order: member?.sort_order ?? 0,
    },
    schema: teamMemberInputSchema,
    success: member ? "Team member updated." : "Team member added.",
    onSaved: onClose,
  });
  const { values, setValues, errors, bind } = form;
  return (
    <FormModal
      title={member ? `Edit ${member.name}` : "Add team member"}
      kind={member ? "edit" : "create"}
      form={form}
      onClose={onClose}
      actionsClassName="flex items-end justify-end gap-3"
      saveLabel="Save"
    >
      <Field label="Name" {...bind("name")} />
      <Field label="Position" {...bind("position")} />
      <Field
        label="Page address"
        hint={`The member's page: /leadership/${values.slug || "…"}. Left empty, it is made from the name.`}
        placeholder="kavita-iyer"
        {...bind("slug")}
      />
      <Field
        label="LinkedIn profile"
        type="url"
        placeholder="https://www.linkedin.com/in/your-name"
        {...bind("linkedin")}
      />
      <div className="sm:col-span-2">
        <ImageUpload
          label="Photo"
          shape="square"
          hint="Cropped square around the face and shown as a portrait; without a photo the page shows the initials."
          {...form.control("image")}
        />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField label="Description" rows={5} {...bind("description")} />
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
    </FormModal>
  );
}
