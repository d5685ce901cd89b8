import { useQuery } from "@tanstack/react-query";
import type { Role } from "../../../schemas/operator";
import { api } from "./api";

export interface Me {
  user_id: number;
  username: string;
  role: Role;
  /** The role requires two-factor sign-in and it is not set up: the console shows enrolment only. */
  two_factor_enrolment_required: boolean;
}

/** The signed-in operator, as the server sees them now. */
export function useMe(enabled: boolean) {
  return useQuery({
    queryKey: ["me"],
    queryFn: async () => (await api<{ data: Me }>("/api/auth/me")).data,
    enabled,
    staleTime: 60_000,
  });
}
