import type { PublicAddress } from "#schemas/settings.ts";
import type { SettingsService } from "./service";

const trimmed = (url: string) => url.replace(/\/+$/, "");

/**
 * The site's public address: PUBLIC_BASE_URL when set (it always wins), else the one an admin saved in
 * Site settings (read per use, so every instance follows a change without a restart), else `fallback`.
 */
export function createPublicAddressService(
  settings: Pick<SettingsService, "get">,
  fromEnv: () => string | undefined,
  fallback: string,
) {
  return {
    async current(): Promise<PublicAddress> {
      const env = fromEnv();
      if (env) return { url: trimmed(env), source: "PUBLIC_BASE_URL" };
      // Without the database (an outage) pages still render their error page: links fall back, never cached.
      const saved = await settings.get().then(
        (row) => row.public_base_url,
        () => undefined,
      );
      return saved ? { url: trimmed(saved), source: "site settings" } : { url: fallback, source: "default" };
    },
    async url(): Promise<string> {
      return (await this.current()).url;
    },
  };
}

export type PublicAddressService = ReturnType<typeof createPublicAddressService>;
