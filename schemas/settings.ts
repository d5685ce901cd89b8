import { z } from "zod";

const email = z.email("Enter a valid e-mail address").max(200);
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{7,20}$/, "Enter a phone number of 7-20 digits, spaces or dashes");
const url = z.url({ protocol: /^https$/, error: "Enter a full https:// address" }).max(300);

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
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** `tel:` target for a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, "")}`;
}
