import { useQuery } from "@tanstack/react-query";
import { call, type Answer } from "./api";

/** The signed-in operator; `two_factor_enrolment_required`: the console shows enrolment only. */
export type Me = Answer<"GET /api/auth/me">["data"];

/** The signed-in operator, as the server sees them now. */
export function useMe(enabled: boolean) {
  return useQuery({
    queryKey: ["me"],
    queryFn: async () => (await call("GET /api/auth/me")).data,
    enabled,
    staleTime: 60_000,
  });
}
