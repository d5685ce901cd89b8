import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Field, optionsOf, SelectField, TextAreaField } from "#app/components/dashboard/field.tsx";
import { fromDrafts, QuestionEditor, toDrafts } from "#app/components/dashboard/jobs/question-editor.tsx";
import { FormModal } from "#app/components/dashboard/kit/form-modal.tsx";
import { ListScreen } from "#app/components/dashboard/kit/list-screen.tsx";
import { useRecordForm } from "#app/components/dashboard/kit/use-record-form.ts";
import { RichTextEditor } from "#app/components/dashboard/rich-text.tsx";
import { call } from "#app/lib/dashboard/api.ts";
import { formatDate } from "#shared/india-time.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { employmentTypeLabels, jobInputSchema } from "#schemas/job.ts";
import type { JobRow } from "#schemas/job.ts";

export const meta = () => consoleMeta("Jobs");

const ENDPOINT = "/api/jobs";

export default function JobsScreen() {
  const counts = useQuery({
    queryKey: ["/api/job_applications", "counts"],
    queryFn: () => call("GET /api/job_applications/counts"),
  });
  return (
    <ListScreen<JobRow>
      title="Jobs"
      endpoint={ENDPOINT}
      describe={(j) => j.job_title}
      searchPlaceholder="Search title, company or location"
      emptyText="No jobs match."
      filters={[{ name: "status", label: "Status", options: optionsOf({ open: "Open", closed: "Closed" }) }]}
      createLabel="Post a job"
      form={(job, close) => <JobForm job={job} onClose={close} />}
      remove={{
        noun: "job",
        message: (j) =>
          `Delete "${j.job_title}"? It goes to Recently deleted, where it can be restored until it is removed for good; closing the job instead keeps it here.`,
      }}
      columns={[
        { key: "job_title", header: "Title", sortable: true, render: (j) => j.job_title },
        { key: "company", header: "Company", render: (j) => `${j.company} - ${j.location}` },
        {
          key: "status",
          header: "Status",
          sortable: true,
          render: (j) =>
            j.status === "open" ? <span className="font-semibold text-brand-700">Open</span> : "Closed",
        },
        { key: "created_at", header: "Posted", sortable: true, render: (j) => formatDate(j.created_at) },
        {
          key: "applications",
          header: "Applications",
          render: (j) => {
            const n = counts.data?.data[String(j.id)] ?? 0;
            return (
              <Link className="text-brand-700 underline" to={`/dashboard/applications?job_id=${j.id}`}>
                {n}
                <span className="sr-only"> applications for {j.job_title}</span>
              </Link>
            );
          },
        },
      ]}
    />
  );
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

function JobForm({ job, onClose }: { job: JobRow | null; onClose: () => void }) {
  const form = useRecordForm({
    endpoint: ENDPOINT,
    id: job?.id ?? null,
    initial: {
      job_title: job?.job_title ?? "",
      company: job?.company ?? "GCC View 360",
      location: job?.location ?? "",
      salary: job?.salary ?? "",
      employment_type: job?.employment_type ?? "FULL_TIME",
      job_description: job?.job_description ?? "",
      responsibilities: (job?.responsibilities ?? []).join("\n"),
      requirements: (job?.requirements ?? []).join("\n"),
      apply_link: job?.apply_link ?? "",
      status: job?.status ?? "open",
      valid_through: job?.valid_through?.slice(0, 10) ?? "",
      questions: toDrafts(job?.questions ?? []),
    },
    schema: jobInputSchema,
    toBody: (values) => ({
      ...values,
      responsibilities: lines(values.responsibilities),
      requirements: lines(values.requirements),
      apply_link: values.apply_link || null,
      valid_through: values.valid_through || null,
      questions: fromDrafts(values.questions),
    }),
    success: job ? "Job updated." : "Job posted.",
    onSaved: onClose,
  });
  const { bind, errors } = form;
  return (
    <FormModal
      title={job ? `Edit ${job.job_title}` : "Post a job"}
      kind={job ? "edit" : "create"}
      form={form}
      onClose={onClose}
      actionsClassName="flex justify-end gap-3 sm:col-span-2"
      saveLabel="Save"
    >
      <Field label="Job title" {...bind("job_title")} />
      <Field label="Company" {...bind("company")} />
      <Field label="Location" {...bind("location")} />
      <Field label="Salary (₹, e.g. 12,00,000 - 18,00,000 per annum)" {...bind("salary")} />
      <SelectField label="Type" options={optionsOf(employmentTypeLabels)} {...bind("employment_type")} />
      <SelectField
        label="Status"
        options={optionsOf({ open: "Open (listed)", closed: "Closed (hidden)" })}
        {...bind("status")}
      />
      <div className="sm:col-span-2">
        <RichTextEditor label="Description" {...form.control("job_description")} />
      </div>
      <LineListField label="Responsibilities" {...bind("responsibilities")} errors={errors} />
      <LineListField label="Requirements" {...bind("requirements")} errors={errors} />
      <Field label="Apply link (optional; default: e-mail to HR)" {...bind("apply_link")} />
      <Field label="Valid through (optional)" type="date" {...bind("valid_through")} />
      <QuestionEditor
        value={form.values.questions}
        onChange={form.control("questions").onChange}
        errors={errors}
      />
    </FormModal>
  );
}

/** A list edited one item per line; shows the message about the list or else the first about one of its lines. */
function LineListField({
  errors,
  ...field
}: {
  label: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  errors: Record<string, string>;
}) {
  const error =
    errors[field.name] ?? Object.entries(errors).find(([k]) => k.startsWith(`${field.name}.`))?.[1];
  return <TextAreaField hint="One per line" rows={5} {...field} error={error} />;
}
