import { z } from "zod";

/** How long counted page views and conversions are kept (domain/site-analytics/recorder.ts deletes older ones). */
export const RETENTION_DAYS = 400;

/** What a visitor can do that the owners count as won: each is recorded when its domain service succeeds. */
export const conversionKinds = ["enquiry", "application", "subscription", "booking"] as const;
export type ConversionKind = (typeof conversionKinds)[number];

export const conversionLabels: Record<ConversionKind, string> = {
  enquiry: "Enquiries",
  application: "Applications",
  subscription: "Subscriptions",
  booking: "Calls booked",
};

/** GET /api/site_analytics: the last `days` days (India's calendar, today included) against the days before. */
export const siteAnalyticsQuerySchema = z
  .object({
    days: z.coerce
      .number("days must be 7 or 28")
      .refine((v) => v === 7 || v === 28, "days must be 7 or 28")
      .default(7),
  })
  .strict();
export type SiteAnalyticsQuery = z.output<typeof siteAnalyticsQuerySchema>;

/** POST /api/site_analytics/opened: the path of a page that was opened from a prefetch (its script sends it). */
export const openedPageSchema = z
  .object({
    path: z
      .string("path must be the page's path")
      .max(2048, "path must be at most 2048 characters")
      .startsWith("/", "path must start with /"),
  })
  .strict();

const count = z.number().int();

/** One day of the chart: this period's day and the same weekday of the period before. */
const daySchema = z.object({
  date: z.string().describe("India date, YYYY-MM-DD"),
  visitors: count,
  views: count,
  previous_visitors: count,
  previous_views: count,
});

const totalSchema = z.object({ current: count, previous: count });

export const siteAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  visitors: totalSchema,
  views: totalSchema,
  conversions: totalSchema,
  days: z.array(daySchema),
  pages: z.array(z.object({ path: z.string(), visitors: count, views: count })),
  sources: z.array(
    z.object({
      source: z.string().describe("A campaign, another site's host, or Direct"),
      visitors: count,
      conversions: count,
    }),
  ),
  conversion_kinds: z.array(z.object({ kind: z.enum(conversionKinds), current: count, previous: count })),
  countries: z.array(z.object({ country: z.string().nullable(), visitors: count })),
});
export type SiteAnalytics = z.output<typeof siteAnalyticsSchema>;
