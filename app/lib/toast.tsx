import { X } from "lucide-react";
import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";

/** App-wide toast timing from the spec: top-right, closing after 1600 ms. */
export const TOAST_DURATION_MS = 1600;

export type ToastType = "default" | "success" | "error";

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  /** One button in the toast (Undo). Drawn by the console's toaster only (components/dashboard/toaster.tsx). */
  action?: ToastAction;
  /** How long this toast stays, in ms, when it may not keep the app-wide 1600 ms (the comment toast). */
  duration?: number;
  /** The message's language when it is not the page's (the API's English words on a Hindi post). */
  lang?: string;
}

export interface ToastItem extends ToastOptions {
  id: number;
  type: ToastType;
  message: string;
}

// A tiny store instead of a toast library: the public site ships one small module, not ~10 KB gzip.
let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function show(type: ToastType, message: string, options?: ToastOptions): number {
  const id = nextId++;
  // At most five on screen; the oldest goes first.
  items = [...items, { id, type, message, ...options }].slice(-5);
  emit();
  return id;
}

export function dismissToast(id: number) {
  const before = items.length;
  items = items.filter((item) => item.id !== id);
  if (items.length !== before) emit();
}

/** `toast(msg)`, `toast.success(msg)`, `toast.error(msg)`: same call shape as the library it replaces. */
export const toast = Object.assign(
  (message: string, options?: ToastOptions) => show("default", message, options),
  {
    success: (message: string, options?: ToastOptions) => show("success", message, options),
    error: (message: string, options?: ToastOptions) => show("error", message, options),
    dismiss: dismissToast,
  },
);

/** The toasts on screen, oldest first. */
export const currentToasts = () => items;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const EMPTY: readonly ToastItem[] = [];

const styles: Record<ToastType, string> = {
  default: "border-slate-200 bg-white text-ink",
  success: "border-brand-500 bg-brand-50 text-brand-700",
  error: "border-red-300 bg-red-50 text-red-800",
};

/** Draws one toast; `paused` is true while the pointer is over the stack. */
export type ToastRenderer = (item: ToastItem, paused: boolean) => ReactNode;

/** The words a screen reader hears around the toasts; a page in Hindi or Tamil gives its own (site layout). */
export interface ToasterLabels {
  region: string;
  dismiss: string;
}
export const ENGLISH_TOASTER_LABELS: ToasterLabels = {
  region: "Notifications",
  dismiss: "Dismiss notification",
};

/** Top-right stack; messages are announced politely (errors assertively). */
export function Toaster({
  renderToast,
  labels = ENGLISH_TOASTER_LABELS,
}: {
  renderToast?: ToastRenderer;
  labels?: ToasterLabels;
}) {
  const render: ToastRenderer =
    renderToast ??
    ((item, paused) => (
      <ToastCard
        key={item.id}
        item={item}
        duration={paused ? 0 : (item.duration ?? TOAST_DURATION_MS)}
        dismissLabel={labels.dismiss}
      />
    ));
  const list = useSyncExternalStore(
    subscribe,
    () => items,
    () => EMPTY,
  );
  const [paused, setPaused] = useState(false);
  return (
    <section
      aria-label={labels.region}
      // For the site script, which draws the toasts of pages without React (app/browser/site.js).
      data-toaster
      data-default={styles.default}
      data-success={styles.success}
      data-error={styles.error}
      data-dismiss={labels.dismiss}
      className="pointer-events-none fixed right-4 top-4 z-[60] flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-2"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      {(["status", "alert"] as const).map((role) => (
        <div key={role} role={role} className="flex flex-col gap-2">
          {list
            .filter((item) => (item.type === "error") === (role === "alert"))
            .map((item) => render(item, paused))}
        </div>
      ))}
    </section>
  );
}

/** One toast: its message, `children` (the console's action button) and a dismiss button; it closes itself
 * after `duration` ms, and 0 holds it open (hovering the stack), leaving restarts its time. */
export function ToastCard({
  item,
  duration,
  children,
  dismissLabel = ENGLISH_TOASTER_LABELS.dismiss,
}: {
  item: ToastItem;
  duration: number;
  children?: ReactNode;
  dismissLabel?: string;
}) {
  useEffect(() => {
    if (duration <= 0) return;
    const timer = window.setTimeout(() => dismissToast(item.id), duration);
    return () => window.clearTimeout(timer);
  }, [item.id, duration]);
  return (
    <div
      data-toast={item.type}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm font-medium shadow-lg ${styles[item.type]}`}
    >
      <p className="flex-1" lang={item.lang}>
        {item.message}
      </p>
      {children}
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        className="-m-1 rounded p-1 opacity-70 hover:opacity-100"
        aria-label={dismissLabel}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
