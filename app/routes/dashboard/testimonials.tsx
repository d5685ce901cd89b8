import { Field, optionsOf, SelectField, TextAreaField } from "#app/components/dashboard/field.tsx";
import { ImageUpload } from "#app/components/dashboard/image-upload.tsx";
import { FormModal } from "#app/components/dashboard/kit/form-modal.tsx";
import { ListScreen } from "#app/components/dashboard/kit/list-screen.tsx";
import { useRecordForm } from "#app/components/dashboard/kit/use-record-form.ts";
import {
  CheckboxField,
  ExampleBadge,
  OrderField,
  ProofStatus,
} from "#app/components/dashboard/proof/parts.tsx";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { testimonialInputSchema, type TestimonialRow } from "#schemas/proof.ts";

export const meta = () => consoleMeta("Testimonials");

const ENDPOINT = "/api/testimonials";
const statusOptions = optionsOf({ draft: "Draft", published: "Published" });

export default function TestimonialsScreen() {
  return (
    <ListScreen<TestimonialRow>
      title="Testimonials"
      endpoint={ENDPOINT}
      describe={(t) => `testimonial of ${t.person}`}
      searchPlaceholder="Search person, company or quote"
      emptyText="No testimonials yet."
      filters={[{ name: "status", label: "Status", options: statusOptions }]}
      createLabel="Add testimonial"
      form={(row, close) => <TestimonialForm row={row} onClose={close} />}
      remove={{ noun: "testimonial", message: (t) => `Delete the testimonial of ${t.person}?` }}
      columns={[
        {
          key: "person",
          header: "Person",
          sortable: true,
          primary: true,
          render: (t) => (
            <span className="font-medium text-navy-900">
              {t.person}
              {t.is_example ? <ExampleBadge className="ml-2" /> : null}
            </span>
          ),
        },
        {
          key: "company",
          header: "Role and company",
          render: (t) => [t.role, t.company].filter(Boolean).join(", "),
        },
        { key: "quote", header: "Quote", render: (t) => <span className="line-clamp-2">{t.quote}</span> },
        { key: "status", header: "Status", sortable: true, render: (t) => <ProofStatus status={t.status} /> },
        { key: "sort_order", header: "Order", sortable: true, render: (t) => t.sort_order },
      ]}
    />
  );
}

function TestimonialForm({ row, onClose }: { row: TestimonialRow | null; onClose: () => void }) {
  const form = useRecordForm({
    endpoint: ENDPOINT,
    id: row?.id ?? null,
    initial: {
      person: row?.person ?? "",
      role: row?.role ?? "",
      company: row?.company ?? "",
      quote: row?.quote ?? "",
      photo: row?.photo ?? null,
      status: row?.status ?? "draft",
      sort_order: row?.sort_order ?? 0,
      is_example: row?.is_example ?? false,
    },
    schema: testimonialInputSchema,
    success: row ? "Testimonial saved." : "Testimonial added.",
    onSaved: onClose,
  });
  const { values, errors, bind, control } = form;
  return (
    <FormModal
      title={row ? `Edit the testimonial of ${row.person}` : "Add testimonial"}
      kind={row ? "edit" : "create"}
      form={form}
      onClose={onClose}
      actionsClassName="flex items-end justify-end gap-3 sm:col-span-2"
      saveLabel="Save"
    >
      <Field label="Person" {...bind("person")} />
      <Field label="Role" {...bind("role")} />
      <Field label="Company" {...bind("company")} />
      <SelectField label="Status" options={statusOptions} {...bind("status")} />
      <div className="sm:col-span-2">
        <TextAreaField label="Quote" rows={4} {...bind("quote")} />
      </div>
      <div className="sm:col-span-2">
        <ImageUpload label="Photo (optional)" {...control("photo")} />
      </div>
      <OrderField
        value={values.sort_order}
        error={errors.sort_order}
        onChange={control("sort_order").onChange}
      />
      <CheckboxField
        label="Example data"
        hint="Made-up content: the site shows it with an Example badge"
        {...control("is_example")}
      />
    </FormModal>
  );
}
