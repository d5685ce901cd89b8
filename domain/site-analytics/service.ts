import type { Database } from "#db/client.ts";
import { createSiteAnalyticsRecorder, type RecorderOptions } from "./recorder";
import { siteAnalyticsOf } from "./stats";

/** The public site's own analytics: recording (buffered) and the console's figures. */
export function createSiteAnalyticsService(db: Database, options: RecorderOptions) {
  const recorder = createSiteAnalyticsRecorder(db, options);
  return {
    ...recorder,
    stats: (days: number) => siteAnalyticsOf(db, days, options.now?.()),
  };
}
export type SiteAnalyticsService = ReturnType<typeof createSiteAnalyticsService>;
