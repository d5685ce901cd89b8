import { leadInputSchema } from "#schemas/logistics.ts";
import { Field } from "../field";
import { FormModal } from "../kit/form-modal";
import { useRecordForm } from "../kit/use-record-form";
import { leadStatusOptions } from "../logistics/options";
import { SelectField, TextAreaField } from "../logistics/ui";
import { BOARD, LEADS } from "./endpoints";

/** The "before sale entry" modal: a new lead with status, follow-up date and a first note. */
export function BeforeSaleEntry({ onClose }: { onClose: () => void }) {
  const form = useRecordForm({
    endpoint: LEADS,
    id: null,
    initial: {
      name: "",
      contact_no: "",
      company: "",
      interest: "",
      status: "WARM",
      follow_up_date: "",
      note: "",
    },
    schema: leadInputSchema,
    toBody: (values) => ({
      ...values,
      follow_up_date: values.follow_up_date || null,
      note: values.note || undefined,
    }),
    success: "Lead added.",
    invalidate: [LEADS, BOARD],
    onSaved: onClose,
    namePrefix: "lead-",
  });
  const { bind } = form;
  return (
    <FormModal
      title="Before sale entry"
      kind="crm"
      form={form}
      onClose={onClose}
      actionsClassName="flex justify-end gap-3 border-t border-slate-200 pt-4 sm:col-span-2"
      saveLabel="Add lead"
      lockCancel
    >
      <Field label="Name" {...bind("name")} autoComplete="off" />
      <Field label="Mobile number" {...bind("contact_no")} inputMode="tel" placeholder="98765 43210" />
      <Field label="Company" {...bind("company")} />
      <Field label="Interested in" {...bind("interest")} placeholder="Annual directory plan" />
      <SelectField label="Status" options={leadStatusOptions} {...bind("status")} />
      <Field label="Follow-up date" type="date" {...bind("follow_up_date")} />
      <div className="sm:col-span-2">
        <TextAreaField label="First note" {...bind("note")} />
      </div>
    </FormModal>
  );
}
