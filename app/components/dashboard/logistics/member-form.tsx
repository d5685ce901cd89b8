import { useForm, useWatch } from "react-hook-form";
import { request, type Body } from "#app/lib/dashboard/api.ts";
import { ErrorSummary, Field } from "#app/components/dashboard/field.tsx";
import { Modal } from "#app/components/dashboard/modal.tsx";
import { Spinner } from "#app/components/dashboard/spinner.tsx";
import { useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import { memberInputSchema, type Member } from "#schemas/logistics.ts";
import { bodyResolver, flattenErrors, formSubmit, useFocusOnError } from "../kit/use-record-form";
import { categoryOptions, stateOptions } from "./options";
import { SelectField } from "./ui";

export type MemberForm = {
  first_name: string;
  last_name: string;
  phone: string;
  company: string;
  state: string;
  service_category: string;
};
export const emptyMember = (phone = ""): MemberForm => ({
  first_name: "",
  last_name: "",
  phone,
  company: "",
  state: "",
  service_category: "",
});
export const memberPayload = (v: MemberForm) => ({
  ...v,
  state: v.state ? Number(v.state) : undefined,
  service_category: v.service_category || undefined,
});

/** The member fields, controlled; `prefix` keeps ids unique when shown inside another form. */
export function MemberFields({
  values,
  errors,
  onChange,
  prefix = "member",
}: {
  values: MemberForm;
  errors: Record<string, string>;
  onChange: (v: MemberForm) => void;
  prefix?: string;
}) {
  const set = (key: keyof MemberForm) => (e: { target: { value: string } }) =>
    onChange({ ...values, [key]: e.target.value });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label="First name"
        name={`${prefix}-first_name`}
        value={values.first_name}
        error={errors.first_name}
        onChange={set("first_name")}
        autoComplete="off"
      />
      <Field
        label="Last name"
        name={`${prefix}-last_name`}
        value={values.last_name}
        error={errors.last_name}
        onChange={set("last_name")}
        autoComplete="off"
      />
      <Field
        label="Mobile number"
        name={`${prefix}-phone`}
        value={values.phone}
        error={errors.phone}
        onChange={set("phone")}
        inputMode="tel"
        placeholder="98765 43210"
      />
      <Field
        label="Company"
        name={`${prefix}-company`}
        value={values.company}
        error={errors.company}
        onChange={set("company")}
      />
      <SelectField
        label="State"
        name={`${prefix}-state`}
        options={stateOptions}
        value={values.state}
        error={errors.state}
        onChange={set("state")}
      />
      <SelectField
        label="Service category"
        name={`${prefix}-service_category`}
        options={categoryOptions}
        value={values.service_category}
        error={errors.service_category}
        onChange={set("service_category")}
      />
    </div>
  );
}

/** Create or edit a member (the console's home screen). */
export function MemberModal({
  member,
  onClose,
  onSaved,
}: {
  member: Member | null;
  onClose: () => void;
  onSaved?: (m: Member) => void;
}) {
  const form = useForm<MemberForm>({
    defaultValues: member
      ? {
          first_name: member.first_name,
          last_name: member.last_name,
          phone: member.phone,
          company: member.company,
          state: String(member.state),
          service_category: member.service_category,
        }
      : emptyMember(),
    // The shared schema checks the request body the values make (state as a number).
    resolver: bodyResolver(memberInputSchema, memberPayload),
  });
  const values = useWatch({ control: form.control }) as MemberForm;
  const errors = flattenErrors(form.formState.errors);
  const failed = useFocusOnError();
  const save = useConsoleMutation<ReturnType<typeof memberPayload>>({
    request: (body) =>
      member
        ? request("PATCH /api/members/:id", {
            params: { id: member.user_id },
            body: body as Body<"PATCH /api/members/:id">,
          })
        : request("POST /api/members", { body: body as Body<"POST /api/members"> }),
    success: member ? "Member updated." : "Member created.",
    invalidate: ["/api/members"],
  });
  const submit = formSubmit(form, failed, (checked, onError) =>
    save.mutate(memberPayload(checked), {
      onSuccess: (answer) => {
        onSaved?.((answer as { data: Member }).data);
        onClose();
      },
      onError,
    }),
  );
  const change = (next: MemberForm) => {
    for (const key of Object.keys(next) as (keyof MemberForm)[])
      if (next[key] !== values[key]) form.setValue(key, next[key], { shouldDirty: true });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={member ? `Edit member ${member.first_name} ${member.last_name}`.trim() : "Add member"}
      kind={member ? "edit" : "create"}
      busy={save.isPending}
      dirty={form.formState.isDirty}
    >
      <form onSubmit={submit} noValidate className="grid gap-5">
        <ErrorSummary errors={errors} />
        <MemberFields values={values} errors={errors} onChange={change} />
        <div className="flex justify-end gap-3 border-t border-slate-200 pt-4">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null} {member ? "Save changes" : "Create member"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
