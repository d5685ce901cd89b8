import { X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useFocusTrap } from "#app/lib/focus-trap.ts";

const SHOW_MS = 300;

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Action buttons at the bottom (e.g. Close and Apply). */
  footer?: ReactNode;
  size?: "md" | "lg";
  /** Shown to assistive technology while the content is loading or saving. */
  busy?: boolean;
  /** A click on the backdrop closes (public site); the console keeps a static backdrop. */
  closeOnBackdrop?: boolean;
  /** False while work is in progress: Escape, the close button and the backdrop do nothing. */
  dismissible?: boolean;
}

/**
 * The one dialog of the site and the console: role=dialog with aria-modal and a labelled title, focus
 * moved in, trapped and returned to the opener, the page behind does not scroll, 300 ms show and hide
 * with a 150 ms backdrop (skipped for reduced motion by app.css).
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = "md",
  busy = false,
  closeOnBackdrop = true,
  dismissible = true,
}: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [mounted, setMounted] = useState(open);
  const [visible, setVisible] = useState(false);
  if (open && !mounted) setMounted(true);

  useEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const { overflow } = document.body.style;
      document.body.style.overflow = "hidden";
      const frame = requestAnimationFrame(() => setVisible(true));
      return () => {
        cancelAnimationFrame(frame);
        document.body.style.overflow = overflow;
      };
    }
    // Give focus back to whatever opened the dialog at once, if it is still on the page; the panel fades out.
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
    const frame = requestAnimationFrame(() => setVisible(false));
    const timer = setTimeout(() => setMounted(false), SHOW_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [open]);

  useFocusTrap(panel, mounted && open, dismissible ? onClose : undefined);
  if (!mounted) return null;

  return createPortal(
    // While it fades out, the closed dialog is gone for assistive technology, the keyboard and the mouse.
    <div
      inert={!open}
      aria-hidden={!open || undefined}
      className="fixed inset-0 z-[60] flex items-start justify-center overflow-y-auto p-4 sm:items-center sm:p-8"
    >
      <div
        aria-hidden="true"
        data-testid="modal-backdrop"
        className={`fixed inset-0 bg-navy-950/60 transition-opacity duration-150 ${visible ? "opacity-100" : "opacity-0"}`}
        onClick={closeOnBackdrop && dismissible ? onClose : undefined}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={busy || undefined}
        data-size={size}
        tabIndex={-1}
        className={`relative flex max-h-[calc(100vh-2rem)] w-full flex-col rounded-2xl bg-white shadow-2xl transition-all duration-300 ${size === "lg" ? "max-w-3xl" : "max-w-xl"} ${visible ? "translate-y-0 opacity-100" : "translate-y-4 opacity-0"}`}
      >
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
          <h2 id={titleId} className="text-lg font-semibold text-navy-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            disabled={!dismissible}
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-navy-900"
            aria-label="Close dialog"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div className="overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
        {footer && (
          <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 px-5 py-4 sm:px-6">
            {footer}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
