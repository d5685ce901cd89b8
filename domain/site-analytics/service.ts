import type { Database } from "#db/client.ts";
import { createPrefetchedViews } from "./prefetched";
import { createSiteAnalyticsRecorder, type RecorderOptions } from "./recorder";
import { siteAnalyticsOf } from "./stats";
import { pagePath } from "./visit";

/** The public site's own analytics: recording (buffered) and the console's figures. */
export function createSiteAnalyticsService(db: Database, options: RecorderOptions) {
  const recorder = createSiteAnalyticsRecorder(db, options);
  const prefetched = createPrefetchedViews(options.now && (() => options.now!().getTime()));
  return {
    ...recorder,
    /** A page fetched ahead of a click: a view only once the opened page confirms it (`opened`). */
    prefetched: prefetched.hold,
    /** The page's script says the page it runs in came from a prefetch: its held view counts now. */
    opened(pathname: string, address: string) {
      const path = pagePath(pathname);
      const held = path === null ? null : prefetched.take(address, path);
      if (held) recorder.view(held.visit, held.client);
    },
    stats: (days: number) => siteAnalyticsOf(db, days, options.now?.()),
  };
}
export type SiteAnalyticsService = ReturnType<typeof createSiteAnalyticsService>;
