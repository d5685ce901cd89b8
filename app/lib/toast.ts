export { toast } from "sonner";

/** App-wide toast timing from the spec: top-right, closing after 1600 ms. */
export const TOAST_DURATION_MS = 1600;
