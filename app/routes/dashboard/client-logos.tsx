import { Field, optionsOf } from "#app/components/dashboard/field.tsx";
import { ImageUpload } from "#app/components/dashboard/image-upload.tsx";
import { FormModal } from "#app/components/dashboard/kit/form-modal.tsx";
import { ListScreen } from "#app/components/dashboard/kit/list-screen.tsx";
import { useRecordForm } from "#app/components/dashboard/kit/use-record-form.ts";
import { CheckboxField, ExampleBadge, OrderField } from "#app/components/dashboard/proof/parts.tsx";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { clientLogoInputSchema, type ClientLogoRow } from "#schemas/proof.ts";

export const meta = () => consoleMeta("Client logos");

const ENDPOINT = "/api/client_logos";

export default function ClientLogosScreen() {
  return (
    <ListScreen<ClientLogoRow>
      title="Client logos"
      endpoint={ENDPOINT}
      describe={(l) => `logo of ${l.name}`}
      searchPlaceholder="Search name"
      emptyText="No client logos yet."
      filters={[
        { name: "approved", label: "Approved", options: optionsOf({ yes: "Approved", no: "Not approved" }) },
      ]}
      createLabel="Add logo"
      form={(row, close) => <LogoForm row={row} onClose={close} />}
      remove={{ noun: "client logo", message: (l) => `Delete the logo of ${l.name}?` }}
      columns={[
        {
          key: "image",
          header: "Logo",
          render: (l) => <img src={l.image} alt="" className="h-10 w-24 object-contain" />,
        },
        {
          key: "name",
          header: "Client",
          sortable: true,
          primary: true,
          render: (l) => (
            <span className="font-medium text-navy-900">
              {l.name}
              {l.is_example ? <ExampleBadge className="ml-2" /> : null}
            </span>
          ),
        },
        {
          key: "approved",
          header: "On the site",
          render: (l) =>
            l.approved ? (
              <span className="font-semibold text-brand-700">Approved</span>
            ) : (
              <span className="text-slate-600">Waiting for approval</span>
            ),
        },
        { key: "sort_order", header: "Order", sortable: true, render: (l) => l.sort_order },
      ]}
    />
  );
}

function LogoForm({ row, onClose }: { row: ClientLogoRow | null; onClose: () => void }) {
  const form = useRecordForm({
    endpoint: ENDPOINT,
    id: row?.id ?? null,
    initial: {
      name: row?.name ?? "",
      image: row?.image ?? "",
      link: row?.link ?? "",
      approved: row?.approved ?? false,
      sort_order: row?.sort_order ?? 0,
      is_example: row?.is_example ?? false,
    },
    schema: clientLogoInputSchema,
    success: row ? "Client logo saved." : "Client logo added.",
    onSaved: onClose,
  });
  const { values, errors, bind, control } = form;
  const image = control("image");
  return (
    <FormModal
      title={row ? `Edit the logo of ${row.name}` : "Add client logo"}
      kind={row ? "edit" : "create"}
      form={form}
      onClose={onClose}
      actionsClassName="flex items-end justify-end gap-3 sm:col-span-2"
      saveLabel="Save"
    >
      <Field label="Client name" {...bind("name")} />
      <Field label="Link (optional)" hint="https://…" {...bind("link")} />
      <div className="sm:col-span-2">
        <ImageUpload
          label="Logo"
          value={image.value || null}
          error={image.error}
          onChange={(url) => image.onChange(url ?? "")}
        />
      </div>
      <OrderField
        value={values.sort_order}
        error={errors.sort_order}
        onChange={control("sort_order").onChange}
      />
      <CheckboxField
        label="The client approved showing its logo"
        hint="Until then the logo is not on the site"
        {...control("approved")}
      />
      <CheckboxField
        label="Example data"
        hint="Made-up content: the site shows it with an Example badge"
        {...control("is_example")}
      />
    </FormModal>
  );
}
