import { eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import type { Actor, AuditService } from "../audit/service";
import { siteSettings } from "#db/schema/index.ts";
import { DEFAULT_FIGURES } from "#shared/figures.ts";
import { siteSettingsSchema, type SiteSettings, type SiteSettingsInput } from "#schemas/settings.ts";

export const fallbackSettings: SiteSettings = {
  sales_email: "sales@example.com",
  info_email: "info@example.com",
  hr_email: "hr@example.com",
  phone_india: "+91 120 000 0000",
  phone_us: "+1 555 010 0000",
  address: "Ghaziabad, Uttar Pradesh, India",
  facebook: "https://www.facebook.com/",
  twitter: "https://x.com/",
  linkedin: "https://www.linkedin.com/",
  privacy_policy: "",
  application_retention_days: 180,
  figures: DEFAULT_FIGURES,
};

export function createSettingsService(db: Database, audit?: AuditService) {
  return {
    async get(): Promise<SiteSettings> {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
      const parsed = siteSettingsSchema.safeParse(row?.data);
      return parsed.success ? parsed.data : fallbackSettings;
    },
    async update(data: SiteSettingsInput, actor?: Actor): Promise<SiteSettings> {
      const value = siteSettingsSchema.parse(data);
      const before = actor ? await this.get() : null;
      await db
        .insert(siteSettings)
        .values({ id: 1, data: value })
        .onConflictDoUpdate({ target: siteSettings.id, set: { data: value, updatedAt: new Date() } });
      if (actor) await audit?.record(actor, "update", "site_settings", 1, before, value);
      return value;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
