import { z } from "zod";
import { comparisonModels, comparisonRows } from "#shared/content/comparison.ts";
import { DEFAULT_FIGURES } from "#shared/figures.ts";

const email = z.email("Enter a valid e-mail address").max(200);
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{7,20}$/, "Enter a phone number of 7-20 digits, spaces or dashes");
const url = z.url({ protocol: /^https$/, error: "Enter a full https:// address" }).max(300);

/** How long deleted records stay in "Recently deleted" when the settings do not say (domain/trash.ts). */
export const DEFAULT_TRASH_DAYS = 30;
export const MAX_TRASH_DAYS = 365;
/** How long backups are kept when the settings do not say: the default privacy text states it. */
export const DEFAULT_BACKUP_DAYS = 30;
export const MAX_BACKUP_DAYS = 3650;

const figure = (what: string, max: number) =>
  z.coerce
    .number({ error: `Enter the number of ${what}` })
    .int(`Enter a whole number of ${what}`)
    .min(0, `The number of ${what} cannot be negative`)
    .max(max, `Enter at most ${max.toLocaleString("en-US")} ${what}`);

/** The figures the public site quotes (shared/figures.ts): one setting each, shown on every page that quotes them. */
export const siteFiguresSchema = z.object({
  candidates: figure("candidates", 10_000_000),
  leadership_years: figure("years", 10_000),
  centres_set_up: figure("centres", 100_000),
});

const comparisonCell = z
  .string({ error: "Enter the text of this cell" })
  .trim()
  .min(1, "Enter the text of this cell")
  .max(300, "Keep each cell to 300 characters");
/** The text of each cell of the models' comparison (shared/content/comparison.ts), row by row. */
export const modelComparisonSchema = z.object(
  Object.fromEntries(
    comparisonRows.map((row) => [
      row.key,
      z.object(
        Object.fromEntries(comparisonModels.map((m) => [m.key, comparisonCell])) as Record<
          (typeof comparisonModels)[number]["key"],
          typeof comparisonCell
        >,
      ),
    ]),
  ) as Record<
    (typeof comparisonRows)[number]["key"],
    z.ZodObject<Record<(typeof comparisonModels)[number]["key"], typeof comparisonCell>>
  >,
);

export const siteSettingsSchema = z.object({
  sales_email: email,
  info_email: email,
  hr_email: email,
  phone_india: phone,
  phone_us: phone,
  address: z.string().trim().min(5, "Enter the office address").max(300),
  facebook: url,
  twitter: url,
  linkedin: url,
  /** The public privacy policy (/privacy), plain text; blank lines separate paragraphs. */
  privacy_policy: z
    .string()
    .trim()
    .max(50_000, "The privacy policy must be at most 50,000 characters")
    .default(""),
  /** Applications are anonymised this many days after their decision or their job's closing (anonymiseExpired, domain/careers/applications.ts). */
  application_retention_days: z.coerce
    .number({ error: "Enter a number of days" })
    .int("Enter a whole number of days")
    .min(7, "Keep applications at least 7 days")
    .max(3650, "Keep applications at most 3,650 days")
    .default(180),
  // Empty until an admin sets it; PUBLIC_BASE_URL, when set, wins over it (domain/settings/public-address.ts).
  public_base_url: z
    .union([
      z.literal(""),
      z
        .url({ protocol: /^https?$/, error: "Enter a full address, such as https://www.example.com" })
        .max(300),
    ])
    .optional(),
  // Absent in settings saved before it existed: DEFAULT_TRASH_DAYS then.
  trash_days: z
    .number({ error: `Enter the number of days, 1 to ${MAX_TRASH_DAYS}` })
    .int(`Enter a whole number of days, 1 to ${MAX_TRASH_DAYS}`)
    .min(1, `Keep deleted records at least 1 day (at most ${MAX_TRASH_DAYS})`)
    .max(MAX_TRASH_DAYS, `Keep deleted records at most ${MAX_TRASH_DAYS} days`)
    .optional(),
  // How long the operator keeps backups (they live outside the site); absent in settings saved before it existed.
  backup_days: z
    .number({ error: `Enter the number of days, 1 to ${MAX_BACKUP_DAYS.toLocaleString("en-US")}` })
    .int(`Enter a whole number of days, 1 to ${MAX_BACKUP_DAYS.toLocaleString("en-US")}`)
    .min(1, "Keep backups at least 1 day")
    .max(MAX_BACKUP_DAYS, `Keep backups at most ${MAX_BACKUP_DAYS.toLocaleString("en-US")} days`)
    .optional(),
  // Absent in settings saved before they existed: DEFAULT_FIGURES then.
  figures: siteFiguresSchema.default(DEFAULT_FIGURES),
  // Absent until an administrator edits a cell: the texts of shared/content/comparison.ts then.
  model_comparison: modelComparisonSchema.optional(),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;

/** The address links are built with, and where it comes from (domain/settings/public-address.ts). */
export const publicAddressSchema = z.object({
  url: z.string(),
  source: z.enum(["PUBLIC_BASE_URL", "site settings", "default"]),
});
export type PublicAddress = z.infer<typeof publicAddressSchema>;

/** `tel:` target for a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, "")}`;
}
