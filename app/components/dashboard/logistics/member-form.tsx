import { useState, type FormEvent } from "react";
import { Field } from "~/components/dashboard/field";
import { Modal, Spinner } from "~/components/dashboard/modal";
import { fieldErrorsOf, useConsoleMutation } from "~/lib/dashboard/mutation";
import { memberInputSchema, type Member } from "../../../../schemas/logistics";
import { fieldErrors } from "../../../../schemas/validation";
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
  const [values, setValues] = useState<MemberForm>(
    member
      ? {
          first_name: member.first_name,
          last_name: member.last_name,
          phone: member.phone,
          company: member.company,
          state: String(member.state),
          service_category: member.service_category,
        }
      : emptyMember(),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useConsoleMutation<ReturnType<typeof memberPayload>>({
    request: (body) =>
      member
        ? { path: `/api/members/${member.user_id}`, method: "PATCH", body }
        : { path: "/api/members", method: "POST", body },
    success: member ? "Member updated." : "Member created.",
    invalidate: ["/api/members"],
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = memberPayload(values);
    const parsed = memberInputSchema.safeParse(payload);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(payload, {
      onSuccess: (answer) => {
        onSaved?.((answer as { data: Member }).data);
        onClose();
      },
      onError: (e) => setErrors(fieldErrorsOf(e)),
    });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={member ? `Edit member ${member.first_name} ${member.last_name}`.trim() : "Add member"}
      kind={member ? "edit" : "create"}
      busy={save.isPending}
    >
      <form onSubmit={submit} noValidate className="grid gap-5">
        <MemberFields values={values} errors={errors} onChange={setValues} />
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
