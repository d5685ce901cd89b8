import { useQuery } from "@tanstack/react-query";
import { call } from "./api";

export const MAIL_FAILURES = "/api/mail/failures";
/** How often the console asks; TanStack Query stops asking while the tab is hidden. */
export const MAIL_FAILURES_POLL_MS = 30_000;

/** How many messages failed (admins only): the Mail badge and the notice across the console read it. */
export function useMailFailures(enabled: boolean) {
  return useQuery({
    queryKey: [MAIL_FAILURES],
    queryFn: async () => (await call("GET /api/mail/failures")).data,
    enabled,
    refetchInterval: MAIL_FAILURES_POLL_MS,
  });
}
