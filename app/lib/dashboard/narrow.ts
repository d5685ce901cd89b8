import { useSyncExternalStore } from "react";

/** Below Tailwind's `sm` (640 px): the console lays lists out as cards. */
const QUERY = "(max-width: 639.98px)";

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
};

/** True on a phone-width screen; false on the server (the console renders its lists in the browser). */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
