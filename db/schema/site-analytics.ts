import { sql } from "drizzle-orm";
import { bigserial, check, date, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One page view or conversion on the public site, as Plausible counts them: no cookie, no address, no user
 * agent; `visitor` is a hash of those with a salt that lives one day, so a visitor is recognised within a day
 * and never again (domain/site-analytics/).
 */
export const siteEvents = pgTable(
  "site_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    kind: text("kind", { enum: ["view", "conversion"] }).notNull(),
    /** The page (path only); for a conversion, what was converted: enquiry, application … */
    path: text("path").notNull(),
    visitor: text("visitor").notNull(),
    /** Another site's host the visitor came from; null when direct or from this site. */
    referrer: text("referrer"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    /** The region of the visitor's preferred language (en-IN: IN); never looked up from the address. */
    country: text("country"),
    /** The same event of the same visitor within one write (a reload, a burst) is one row counted this often. */
    count: integer("count").notNull().default(1),
  },
  (t) => [
    index("site_events_at_idx").on(t.at),
    index("site_events_visitor_idx").on(t.visitor, t.at),
    check("site_events_kind_check", sql`${t.kind} in ('view', 'conversion')`),
  ],
);

/** The day's random salt, shared by every instance; deleted when the day is over, so no hash can be redone. */
export const siteSalts = pgTable("site_salts", {
  day: date("day").primaryKey(),
  salt: text("salt").notNull(),
});
