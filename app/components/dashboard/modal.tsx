import { useState, type ReactNode } from "react";
import { useBlocker } from "react-router";
import { Modal as BaseModal } from "~/components/ui/modal";

/** Spec: large for create, edit, filter, feedback, blog and CRM kinds; medium otherwise. */
export type ModalKind = "create" | "edit" | "filter" | "feedback" | "blog" | "crm" | "delete" | "info";
const LARGE: ReadonlySet<ModalKind> = new Set(["create", "edit", "filter", "feedback", "blog", "crm"]);
export const modalSize = (kind: ModalKind) => (LARGE.has(kind) ? "lg" : "md");

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  kind: ModalKind;
  children: ReactNode;
  footer?: ReactNode;
  /** Static backdrop by default: a click outside does not close unless allowed. */
  closeOnBackdrop?: boolean;
  /** Escape and the close button are disabled while work is in progress. */
  busy?: boolean;
  /** Unsaved edits: closing (Escape, close button, backdrop) or leaving the page asks "Discard changes?" first. */
  dirty?: boolean;
}

/** The console's modal: the shared dialog, sized by kind, with a static backdrop. */
export function Modal({ dirty = false, onClose, ...props }: ModalProps) {
  const [asking, setAsking] = useState(false);
  const guarded = props.open && dirty && !props.busy;
  return (
    <>
      <SizedModal {...props} onClose={guarded ? () => setAsking(true) : onClose} />
      <DiscardConfirm
        open={asking}
        onDiscard={() => {
          setAsking(false);
          onClose();
        }}
        onKeep={() => setAsking(false)}
      />
      {guarded ? <LeaveGuard /> : null}
    </>
  );
}

function SizedModal({ kind, closeOnBackdrop = false, busy = false, ...props }: Omit<ModalProps, "dirty">) {
  return (
    <BaseModal
      {...props}
      size={modalSize(kind)}
      closeOnBackdrop={closeOnBackdrop}
      busy={busy}
      dismissible={!busy}
    />
  );
}

function DiscardConfirm({
  open,
  onDiscard,
  onKeep,
}: {
  open: boolean;
  onDiscard: () => void;
  onKeep: () => void;
}) {
  return (
    <ConfirmModal
      open={open}
      title="Discard changes?"
      message="Your unsaved changes will be lost."
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      onConfirm={onDiscard}
      onClose={onKeep}
    />
  );
}

/** Mounted only while a dialog holds unsaved edits: navigation away asks first (one blocker at a time). */
function LeaveGuard() {
  const blocker = useBlocker(true);
  return (
    <DiscardConfirm
      open={blocker.state === "blocked"}
      onDiscard={() => blocker.proceed?.()}
      onKeep={() => blocker.reset?.()}
    />
  );
}

/** A confirmation before a destructive action. */
export function ConfirmModal({
  open,
  title,
  message,
  confirmLabel = "Delete",
  cancelLabel = "Cancel",
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <SizedModal
      open={open}
      onClose={onClose}
      title={title}
      kind="delete"
      busy={busy}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className="btn bg-red-700 text-white hover:bg-red-800"
            onClick={onConfirm}
            disabled={busy}
          >
            {busy ? <Spinner /> : null}
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="text-slate-700">{message}</p>
    </SizedModal>
  );
}

export function Spinner({ label }: { label?: string }) {
  return (
    <span role={label ? "status" : undefined} className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      {label ? <span>{label}</span> : null}
    </span>
  );
}
