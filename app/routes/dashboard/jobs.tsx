import { useState, type FormEvent } from "react";
import { DataTable } from "~/components/dashboard/data-table";
import { Field, SelectField, TextAreaField } from "~/components/dashboard/field";
import { ConfirmModal, Modal, Spinner } from "~/components/dashboard/modal";
import { RowActions } from "~/components/dashboard/row-actions";
import { RichTextEditor } from "~/components/dashboard/rich-text";
import { fieldErrorsOf, useConsoleMutation } from "~/lib/dashboard/mutation";
import {
  employmentTypeLabels,
  employmentTypes,
  jobInputSchema,
  type EmploymentType,
} from "../../../schemas/job";
import { fieldErrors } from "../../../schemas/validation";

export function meta() {
  return [{ title: "Jobs | GCC View 360 Console" }];
}

const ENDPOINT = "/api/jobs";

export interface JobRow {
  id: number;
  job_title: string;
  company: string;
  location: string;
  salary: string;
  employment_type: EmploymentType;
  job_description: string;
  responsibilities: string[];
  requirements: string[];
  apply_link: string | null;
  status: "open" | "closed";
  valid_through: string | null;
  created_at: string;
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

export default function JobsScreen() {
  const [editing, setEditing] = useState<JobRow | "new" | null>(null);
  const [deleting, setDeleting] = useState<JobRow | null>(null);
  const remove = useConsoleMutation<number>({
    request: (id) => ({ path: `${ENDPOINT}/${id}`, method: "DELETE" }),
    success: "Job deleted.",
    invalidate: [ENDPOINT],
    onSuccess: () => setDeleting(null),
  });
  return (
    <>
      <DataTable<JobRow>
        title="Jobs"
        endpoint={ENDPOINT}
        dataKey="jobs"
        rowKey={(j) => j.id}
        searchPlaceholder="Search title, company or location"
        emptyText="No jobs match."
        filters={[
          {
            name: "status",
            label: "Status",
            options: [
              { value: "open", label: "Open" },
              { value: "closed", label: "Closed" },
            ],
          },
        ]}
        actions={
          <button type="button" className="btn-primary" onClick={() => setEditing("new")}>
            Post a job
          </button>
        }
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
          {
            key: "created_at",
            header: "Posted",
            sortable: true,
            render: (j) => new Date(j.created_at).toLocaleDateString("en-IN", { dateStyle: "medium" }),
          },
        ]}
        rowActions={(j) => (
          <RowActions label={j.job_title} onEdit={() => setEditing(j)} onDelete={() => setDeleting(j)} />
        )}
      />
      {editing ? <JobForm job={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmModal
        open={deleting !== null}
        title="Delete job"
        message={
          deleting ? `Delete "${deleting.job_title}"? Closing it keeps the record; deleting removes it.` : ""
        }
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

function JobForm({ job, onClose }: { job: JobRow | null; onClose: () => void }) {
  const [values, setValues] = useState({
    job_title: job?.job_title ?? "",
    company: job?.company ?? "GCC View 360",
    location: job?.location ?? "",
    salary: job?.salary ?? "",
    employment_type: job?.employment_type ?? ("FULL_TIME" as EmploymentType),
    job_description: job?.job_description ?? "",
    responsibilities: (job?.responsibilities ?? []).join("\n"),
    requirements: (job?.requirements ?? []).join("\n"),
    apply_link: job?.apply_link ?? "",
    status: job?.status ?? ("open" as const),
    valid_through: job?.valid_through?.slice(0, 10) ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const body = () => ({
    ...values,
    responsibilities: lines(values.responsibilities),
    requirements: lines(values.requirements),
    apply_link: values.apply_link || null,
    valid_through: values.valid_through || null,
  });
  const save = useConsoleMutation<ReturnType<typeof body>>({
    request: (b) =>
      job
        ? { path: `${ENDPOINT}/${job.id}`, method: "PATCH", body: b }
        : { path: ENDPOINT, method: "POST", body: b },
    success: job ? "Job updated." : "Job posted.",
    invalidate: [ENDPOINT],
    onSuccess: onClose,
  });
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = jobInputSchema.safeParse(body());
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(body(), { onError: (e) => setErrors(fieldErrorsOf(e)) });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={job ? `Edit ${job.job_title}` : "Post a job"}
      kind={job ? "edit" : "create"}
      busy={save.isPending}
    >
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Job title"
          name="job_title"
          value={values.job_title}
          error={errors.job_title}
          onChange={set("job_title")}
        />
        <Field
          label="Company"
          name="company"
          value={values.company}
          error={errors.company}
          onChange={set("company")}
        />
        <Field
          label="Location"
          name="location"
          value={values.location}
          error={errors.location}
          onChange={set("location")}
        />
        <Field
          label="Salary (₹, e.g. 12,00,000 - 18,00,000 per annum)"
          name="salary"
          value={values.salary}
          error={errors.salary}
          onChange={set("salary")}
        />
        <SelectField
          label="Type"
          name="employment_type"
          value={values.employment_type}
          onChange={set("employment_type")}
          options={employmentTypes.map((t) => ({ value: t, label: employmentTypeLabels[t] }))}
        />
        <SelectField
          label="Status"
          name="status"
          value={values.status}
          onChange={set("status")}
          options={[
            { value: "open", label: "Open (listed)" },
            { value: "closed", label: "Closed (hidden)" },
          ]}
        />
        <div className="sm:col-span-2">
          <RichTextEditor
            label="Description"
            value={values.job_description}
            error={errors.job_description}
            onChange={(html) => setValues((v) => ({ ...v, job_description: html }))}
          />
        </div>
        <TextAreaField
          label="Responsibilities"
          hint="One per line"
          name="responsibilities"
          rows={5}
          value={values.responsibilities}
          error={
            errors.responsibilities ??
            Object.entries(errors).find(([k]) => k.startsWith("responsibilities."))?.[1]
          }
          onChange={set("responsibilities")}
        />
        <TextAreaField
          label="Requirements"
          hint="One per line"
          name="requirements"
          rows={5}
          value={values.requirements}
          error={
            errors.requirements ?? Object.entries(errors).find(([k]) => k.startsWith("requirements."))?.[1]
          }
          onChange={set("requirements")}
        />
        <Field
          label="Apply link (optional; default: e-mail to HR)"
          name="apply_link"
          value={values.apply_link}
          error={errors.apply_link}
          onChange={set("apply_link")}
        />
        <Field
          label="Valid through (optional)"
          name="valid_through"
          type="date"
          value={values.valid_through}
          error={errors.valid_through}
          onChange={set("valid_through")}
        />
        <div className="flex justify-end gap-3 sm:col-span-2">
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
