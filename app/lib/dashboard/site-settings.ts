import { useQuery } from "@tanstack/react-query";
import { call } from "./api";

/** The site settings and the public address in use (admins only); one cache entry for every screen. */
export function useSiteSettings(enabled = true) {
  return useQuery({
    queryKey: ["/api/site_settings"],
    queryFn: () => call("GET /api/site_settings"),
    enabled,
  });
}
