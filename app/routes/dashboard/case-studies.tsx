import { Field, optionsOf, SelectField, TextAreaField } from "#app/components/dashboard/field.tsx";
import { ImageUpload } from "#app/components/dashboard/image-upload.tsx";
import { FormModal } from "#app/components/dashboard/kit/form-modal.tsx";
import { ListScreen } from "#app/components/dashboard/kit/list-screen.tsx";
import { useRecordForm } from "#app/components/dashboard/kit/use-record-form.ts";
import {
  CheckboxField,
  ExampleBadge,
  OrderField,
  OutcomesEditor,
  ProofStatus,
} from "#app/components/dashboard/proof/parts.tsx";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import {
  caseStudyInputSchema,
  caseStudyPath,
  clientOf,
  engagementModelLabels,
  type CaseStudyRow,
  type Outcome,
} from "#schemas/proof.ts";

export const meta = () => consoleMeta("Case studies");

const ENDPOINT = "/api/case_studies";
const statusOptions = optionsOf({ draft: "Draft", published: "Published" });

export default function CaseStudiesScreen() {
  return (
    <ListScreen<CaseStudyRow>
      title="Case studies"
      endpoint={ENDPOINT}
      describe={(c) => c.title}
      searchPlaceholder="Search title, client, industry or city"
      emptyText="No case studies yet."
      filters={[{ name: "status", label: "Status", options: statusOptions }]}
      createLabel="New case study"
      form={(row, close) => <CaseStudyForm row={row} onClose={close} />}
      remove={{ noun: "case study", message: (c) => `Delete the case study "${c.title}"?` }}
      columns={[
        {
          key: "title",
          header: "Title",
          sortable: true,
          primary: true,
          render: (c) => (
            <span className="font-medium text-navy-900">
              {c.title}
              {c.is_example ? <ExampleBadge className="ml-2" /> : null}
            </span>
          ),
        },
        { key: "client", header: "Client", render: (c) => clientOf(c) },
        { key: "model", header: "Model", render: (c) => engagementModelLabels[c.model] },
        { key: "status", header: "Status", sortable: true, render: (c) => <ProofStatus status={c.status} /> },
        { key: "sort_order", header: "Order", sortable: true, render: (c) => c.sort_order },
      ]}
      extraRowActions={(c) =>
        c.status === "published" ? (
          <a
            className="rounded px-2 py-1 font-medium text-slate-700 hover:bg-slate-100"
            href={caseStudyPath(c.slug)}
            target="_blank"
            rel="noopener noreferrer"
          >
            View<span className="sr-only"> {c.title} (opens in a new tab)</span>
          </a>
        ) : null
      }
    />
  );
}

function CaseStudyForm({ row, onClose }: { row: CaseStudyRow | null; onClose: () => void }) {
  const form = useRecordForm({
    endpoint: ENDPOINT,
    id: row?.id ?? null,
    initial: {
      title: row?.title ?? "",
      slug: row?.slug ?? "",
      client_name: row?.client_name ?? "",
      industry: row?.industry ?? "",
      summary: row?.summary ?? "",
      challenge: row?.challenge ?? "",
      approach: row?.approach ?? "",
      outcomes: (row?.outcomes ?? []) as Outcome[],
      quote: row?.quote ?? "",
      quote_attribution: row?.quote_attribution ?? "",
      model: row?.model ?? "captive",
      city: row?.city ?? "",
      cover_image: row?.cover_image ?? null,
      cover_alt: row?.cover_alt ?? "",
      status: row?.status ?? "draft",
      sort_order: row?.sort_order ?? 0,
      is_example: row?.is_example ?? false,
    },
    schema: caseStudyInputSchema,
    success: row ? "Case study saved." : "Case study created.",
    onSaved: onClose,
  });
  const { values, errors, bind, control } = form;
  return (
    <FormModal
      title={row ? `Edit ${row.title}` : "New case study"}
      kind={row ? "edit" : "create"}
      form={form}
      onClose={onClose}
      actionsClassName="flex items-end justify-end gap-3 sm:col-span-2"
      saveLabel="Save"
    >
      <div className="sm:col-span-2">
        <Field label="Title" {...bind("title")} />
      </div>
      <Field
        label="Slug"
        hint="The address: /case-studies/<slug>. Empty: made from the title."
        {...bind("slug")}
      />
      <SelectField
        label="Status"
        options={statusOptions}
        {...bind("status")}
        hint="Only published case studies are on the site"
      />
      <Field
        label="Client name"
        hint="Empty keeps the client anonymous: the industry names it"
        {...bind("client_name")}
      />
      <Field label="Industry" {...bind("industry")} />
      <SelectField label="Engagement model" options={optionsOf(engagementModelLabels)} {...bind("model")} />
      <Field label="City" {...bind("city")} />
      <div className="sm:col-span-2">
        <TextAreaField label="Summary" rows={2} {...bind("summary")} />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField label="Challenge" rows={4} {...bind("challenge")} />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField label="What was done" rows={4} {...bind("approach")} />
      </div>
      <OutcomesEditor
        value={values.outcomes}
        errors={errors}
        onChange={(outcomes) => control("outcomes").onChange(outcomes)}
      />
      <div className="sm:col-span-2">
        <TextAreaField label="Quote" rows={3} {...bind("quote")} />
      </div>
      <Field
        label="Quote attribution"
        hint="e.g. VP Engineering, the client"
        {...bind("quote_attribution")}
      />
      <OrderField
        value={values.sort_order}
        error={errors.sort_order}
        onChange={control("sort_order").onChange}
      />
      <div className="sm:col-span-2">
        <ImageUpload label="Cover image" {...control("cover_image")} />
      </div>
      <div className="sm:col-span-2">
        <Field label="Cover image description" hint="For people who cannot see it" {...bind("cover_alt")} />
      </div>
      <CheckboxField
        label="Example data"
        hint="Made-up content: the site shows it with an Example badge"
        {...control("is_example")}
      />
    </FormModal>
  );
}
