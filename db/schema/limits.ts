import { bigint, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * Request counters shared by every instance (public forms, sign-in and refresh limits): one row per key and
 * fixed window, incremented with an UPSERT; windows that ended are deleted now and then.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    /** Start of the window, milliseconds since the epoch. */
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    windowMs: integer("window_ms").notNull(),
    hits: integer("hits").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
