import type { FormEvent, ReactNode } from "react";
import { ErrorSummary } from "../field";
import { Modal, type ModalKind } from "../modal";
import { FormActions } from "./form-actions";

/** A create/edit dialog around a `useRecordForm`: the error summary, the fields, then Cancel and Save. */
export function FormModal({
  title,
  kind,
  form,
  onClose,
  className = "grid gap-4 sm:grid-cols-2",
  actionsClassName,
  saveLabel,
  lockCancel,
  children,
}: {
  title: string;
  kind: ModalKind;
  form: {
    submit: (event: FormEvent) => void;
    save: { isPending: boolean };
    errors: Record<string, string>;
    dirty: boolean;
  };
  onClose: () => void;
  /** The form's layout (a two-column grid by default). */
  className?: string;
  actionsClassName: string;
  saveLabel: string;
  /** Cancel is disabled while saving too. */
  lockCancel?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal open onClose={onClose} title={title} kind={kind} busy={form.save.isPending} dirty={form.dirty}>
      <form onSubmit={form.submit} noValidate className={className}>
        <ErrorSummary errors={form.errors} />
        {children}
        <FormActions
          className={actionsClassName}
          label={saveLabel}
          busy={form.save.isPending}
          onCancel={onClose}
          lockCancel={lockCancel}
        />
      </form>
    </Modal>
  );
}
