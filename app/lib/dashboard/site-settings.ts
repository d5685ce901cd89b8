import { useQuery } from "@tanstack/react-query";
import type { PublicAddress, SiteSettings } from "../../../schemas/settings";
import { api } from "./api";

export interface SiteSettingsAnswer {
  data: SiteSettings;
  public_address: PublicAddress;
}

/** The site settings and the public address in use (admins only); one cache entry for every screen. */
export function useSiteSettings(enabled = true) {
  return useQuery({
    queryKey: ["/api/site_settings"],
    queryFn: () => api<SiteSettingsAnswer>("/api/site_settings"),
    enabled,
  });
}
