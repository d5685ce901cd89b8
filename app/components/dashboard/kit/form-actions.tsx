import { Spinner } from "../spinner";

/** Cancel and Save at the foot of a console form or dialog; Save spins while saving. */
export function FormActions({
  className,
  label,
  busy,
  onCancel,
  onSave,
  lockCancel = false,
  disabled = false,
  form,
}: {
  /** Wraps the buttons in a div; without it they go straight into a dialog's footer. */
  className?: string;
  label: string;
  busy: boolean;
  onCancel: () => void;
  /** A plain button that saves; without it, Save submits the form. */
  onSave?: () => void;
  /** Cancel is disabled while saving too. */
  lockCancel?: boolean;
  /** Save is disabled for another reason too. */
  disabled?: boolean;
  /** The id of the form Save submits, when it sits outside it. */
  form?: string;
}) {
  const buttons = (
    <>
      <button type="button" className="btn-secondary" onClick={onCancel} disabled={lockCancel && busy}>
        Cancel
      </button>
      <button
        type={onSave ? "button" : "submit"}
        form={form}
        className="btn-primary"
        onClick={onSave}
        disabled={busy || disabled}
      >
        {busy ? <Spinner /> : null} {label}
      </button>
    </>
  );
  return className ? <div className={className}>{buttons}</div> : buttons;
}
