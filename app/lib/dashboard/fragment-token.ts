import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};
const tokenFromHash = (hash: string) => new URLSearchParams(hash.replace(/^#/, "")).get("token") ?? "";

/**
 * The token of a mailed link: it rides in the fragment (`#token=…`), so no server or log ever sees it.
 * Undefined while rendering on the server, which never sees the fragment; "" when the link has none.
 */
export function useFragmentToken(): string | undefined {
  return useSyncExternalStore<string | undefined>(
    noSubscription,
    () => tokenFromHash(window.location.hash),
    () => undefined,
  );
}
