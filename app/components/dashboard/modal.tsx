import { X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useFocusTrap } from "~/lib/focus-trap";

/** Spec: large for create, edit, filter, feedback, blog and CRM kinds; medium otherwise. */
export type ModalKind = "create" | "edit" | "filter" | "feedback" | "blog" | "crm" | "delete" | "info";
const LARGE: ReadonlySet<ModalKind> = new Set(["create", "edit", "filter", "feedback", "blog", "crm"]);
export const modalSize = (kind: ModalKind) => (LARGE.has(kind) ? "lg" : "md");

const SHOW_MS = 300;

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
}

/** The one console modal: focus trapped and returned, 300 ms show/hide, 150 ms backdrop. */
export function Modal({ open, onClose, title, kind, children, footer, closeOnBackdrop = false, busy = false }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  const [mounted, setMounted] = useState(open);
  const [visible, setVisible] = useState(false);
  if (open && !mounted) setMounted(true);

  useEffect(() => {
    if (open) {
      opener.current = document.activeElement;
      const frame = requestAnimationFrame(() => setVisible(true));
      return () => cancelAnimationFrame(frame);
    }
    const frame = requestAnimationFrame(() => setVisible(false));
    const timer = setTimeout(() => {
      setMounted(false);
      (opener.current as HTMLElement | null)?.focus?.();
    }, SHOW_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [open]);

  useFocusTrap(panel, mounted && open, busy ? undefined : onClose);
  if (!mounted) return null;

  const width = modalSize(kind) === "lg" ? "max-w-3xl" : "max-w-lg";
  return createPortal(
    <div className="fixed inset-0 z-[60] flex items-start justify-center overflow-y-auto p-4 sm:p-8">
      <div
        className={`fixed inset-0 bg-navy-950/60 transition-opacity duration-150 ${visible ? "opacity-100" : "opacity-0"}`}
        onClick={closeOnBackdrop && !busy ? onClose : undefined}
        data-testid="modal-backdrop"
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-size={modalSize(kind)}
        tabIndex={-1}
        className={`relative w-full ${width} rounded-2xl bg-white shadow-2xl transition-all duration-300 ${visible ? "translate-y-0 opacity-100" : "-translate-y-4 opacity-0"}`}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-navy-900">
            {title}
          </h2>
          <button type="button" onClick={onClose} disabled={busy} className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100" aria-label="Close">
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div className="max-h-[70vh] overflow-y-auto px-6 py-5">{children}</div>
        {footer ? <div className="flex justify-end gap-3 border-t border-slate-200 px-6 py-4">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

/** A confirmation before a destructive action. */
export function ConfirmModal({
  open,
  title,
  message,
  confirmLabel = "Delete",
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      kind="delete"
      busy={busy}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={onConfirm} disabled={busy}>
            {busy ? <Spinner /> : null}
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="text-slate-700">{message}</p>
    </Modal>
  );
}

export function Spinner({ label }: { label?: string }) {
  return (
    <span role={label ? "status" : undefined} className="inline-flex items-center gap-2">
      <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
      {label ? <span>{label}</span> : null}
    </span>
  );
}
