import { createPortal } from "react-dom";
import { useTopDialog } from "./modal";
import { dismissToast, ToastCard, Toaster, TOAST_DURATION_MS, type ToastRenderer } from "#app/lib/toast.tsx";

/** A toast with an action (Undo) stays this long: time to read it and reach the button. */
const ACTION_TOAST_DURATION_MS = 8000;

const toastWithAction: ToastRenderer = (item, paused) => {
  const { action } = item;
  const duration = action ? ACTION_TOAST_DURATION_MS : (item.duration ?? TOAST_DURATION_MS);
  return (
    <ToastCard key={item.id} item={item} duration={paused ? 0 : duration}>
      {action ? (
        <button
          type="button"
          data-toast-action
          onClick={() => {
            dismissToast(item.id);
            action.onClick();
          }}
          className="-my-1 rounded px-2 py-1 font-semibold underline underline-offset-2 hover:no-underline"
        >
          {action.label}
        </button>
      ) : null}
    </ToastCard>
  );
};

/**
 * The console's toasts: the site's stack, plus the action a toast carries (Undo after a delete or a move).
 * While a dialog is open they are drawn inside it, so a refusal raised there is seen and announced there.
 */
export function ConsoleToaster() {
  const dialog = useTopDialog();
  const toaster = <Toaster renderToast={toastWithAction} />;
  return dialog ? createPortal(toaster, dialog) : toaster;
}
