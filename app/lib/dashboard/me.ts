import { useQuery } from "@tanstack/react-query";
import type { Role } from "../../../schemas/operator";
import { api } from "./api";

export interface Me {
  user_id: number;
  username: string;
  role: Role;
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
