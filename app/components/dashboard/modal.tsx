import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type RefObject,
} from "react";
import { useBlocker } from "react-router";
import { FOCUSABLE, rememberOpener, returnTarget, type Opener } from "./focus-return";
import { Spinner } from "./spinner";

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
  /** A large dialog that holds two panes side by side on a laptop (a translation beside its source). */
  wide?: boolean;
}

/** The console's modal: a Radix dialog, sized by kind, with a static backdrop; the public site keeps ui/modal. */
export function Modal({ dirty = false, onClose, ...props }: ModalProps) {
  const [asking, setAsking] = useState(false);
  // What had focus when the question was asked: "Keep editing" puts the operator back there.
  const editing = useRef<HTMLElement | null>(null);
  const guarded = props.open && dirty && !props.busy;
  const ask = () => {
    editing.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setAsking(true);
  };
  return (
    <>
      <DialogBox {...props} onClose={guarded ? ask : onClose} />
      <DiscardConfirm
        open={asking}
        onDiscard={() => {
          setAsking(false);
          onClose();
        }}
        onKeep={() => setAsking(false)}
        returnFocus={editing}
      />
      {guarded ? <LeaveGuard /> : null}
    </>
  );
}

// The dialogs open now, newest last: the console's toasts are drawn inside the newest (see toaster.tsx), for
// Radix hides everything outside an open dialog from sight and from screen readers.
let openDialogs: readonly HTMLElement[] = [];
const dialogListeners = new Set<() => void>();
const setOpenDialogs = (next: readonly HTMLElement[]) => {
  openDialogs = next;
  dialogListeners.forEach((listener) => listener());
};
const subscribeDialogs = (listener: () => void) => {
  dialogListeners.add(listener);
  return () => dialogListeners.delete(listener);
};
/** The newest open console dialog's element, or null while none is open. */
export const useTopDialog = () =>
  useSyncExternalStore(
    subscribeDialogs,
    () => openDialogs.at(-1) ?? null,
    () => null,
  );

/** The opener of a dialog that closed in this render, for the dialog that replaces it. */
let handedOver: Opener | null = null;

/**
 * One Radix dialog: focus moved in, trapped and returned, the page behind inert and unscrolled. Every way out
 * (Escape, backdrop, close button) goes through `onClose`, so a caller can ask before closing. Below 640 px a
 * large dialog is a full-height sheet and a confirmation a sheet at the bottom; from `sm` both are centred.
 */
function DialogBox({
  open,
  onClose,
  title,
  kind,
  children,
  footer,
  closeOnBackdrop = false,
  busy = false,
  wide = false,
  returnFocus,
}: Omit<ModalProps, "dirty"> & { returnFocus?: RefObject<HTMLElement | null> }) {
  const size = modalSize(kind);
  const body = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // The control that opened the dialog: Radix returns focus only to a Dialog.Trigger, and ours open from state.
  const opener = useRef<Opener | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const remembered =
      active instanceof HTMLElement && active !== document.body ? rememberOpener(active) : handedOver;
    opener.current = remembered;
    return () => {
      // A dialog that takes this one's place in the same render (a loading dialog, then its form) inherits it.
      handedOver = remembered;
      queueMicrotask(() => (handedOver = null));
    };
  }, [open]);
  // Radix mounts the portal a render late, so the element is known from its ref callback, not at the effect.
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!open || !element) return;
    setOpenDialogs([...openDialogs, element]);
    return () => setOpenDialogs(openDialogs.filter((other) => other !== element));
  }, [open, element]);
  const dismiss = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : dismiss())}>
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="modal-backdrop"
          className="fixed inset-0 z-[60] bg-navy-950/60 transition-opacity duration-150 starting:opacity-0"
        />
        <Dialog.Content
          ref={(node) => {
            content.current = node;
            setElement(node);
          }}
          aria-modal="true"
          aria-busy={busy || undefined}
          aria-describedby={undefined}
          data-size={size}
          // Radix would close on its own; these hand every dismissal to `dismiss` (guarded, busy-aware).
          onEscapeKeyDown={(event) => {
            event.preventDefault();
            dismiss();
          }}
          onPointerDownOutside={(event) => {
            event.preventDefault();
            if (closeOnBackdrop) dismiss();
          }}
          onInteractOutside={(event) => event.preventDefault()}
          onOpenAutoFocus={(event) => {
            // The first field (or, in a confirmation, the safe choice) rather than the close button.
            const first = body.current?.querySelector<HTMLElement>(FOCUSABLE);
            if (!first) return;
            event.preventDefault();
            first.focus();
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocus?.current?.isConnected
              ? returnFocus.current
              : opener.current && returnTarget(opener.current);
            if (!target) return;
            event.preventDefault();
            // A dialog open now (one that took this one's place) keeps the focus it holds.
            const other = [...document.querySelectorAll("[role=dialog]")].find((d) => d !== content.current);
            if (!other || other.contains(target)) target.focus();
          }}
          className={`fixed inset-x-0 bottom-0 z-[60] flex w-full flex-col bg-white shadow-2xl outline-none transition-[opacity,translate] duration-300 starting:translate-y-4 starting:opacity-0 sm:inset-0 sm:m-auto sm:h-fit sm:max-h-[calc(100dvh-4rem)] sm:w-[calc(100%-4rem)] sm:rounded-2xl ${size === "lg" ? `top-0 h-dvh sm:max-w-3xl ${wide ? "lg:max-w-6xl" : ""}` : "max-h-dvh rounded-t-2xl sm:max-w-xl"}`}
        >
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
            <Dialog.Title className="text-lg font-semibold text-navy-900">{title}</Dialog.Title>
            <button
              type="button"
              onClick={dismiss}
              disabled={busy}
              className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-navy-900"
              aria-label="Close dialog"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div ref={body} className="contents">
            <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
            {footer ? (
              <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 px-5 py-4 sm:px-6">
                {footer}
              </div>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DiscardConfirm({
  open,
  onDiscard,
  onKeep,
  returnFocus,
}: {
  open: boolean;
  onDiscard: () => void;
  onKeep: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  return (
    <ConfirmModal
      returnFocus={returnFocus}
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
  returnFocus,
  tone = "danger",
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Where focus goes when it closes, if still on the page (default: what had focus when it opened). */
  returnFocus?: RefObject<HTMLElement | null>;
  /** "primary" for a question before a step that is not destructive (publishing now). */
  tone?: "danger" | "primary";
}) {
  return (
    <DialogBox
      returnFocus={returnFocus}
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
            className={tone === "primary" ? "btn-primary" : "btn bg-red-700 text-white hover:bg-red-800"}
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
    </DialogBox>
  );
}
