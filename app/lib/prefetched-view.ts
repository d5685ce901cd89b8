/** The path the server's analytics hold a prefetched page's view under until the page says it was opened. */
export const OPENED_PATH = "/api/site_analytics/opened";

/**
 * A page opened from a prefetch (speculation rules, a hover's prefetch) sent the server no request of its own:
 * say so, so its view counts (domain/site-analytics/prefetched.ts). The site script of pages without React does the same.
 */
export function confirmPrefetchedView() {
  const [navigation] = performance.getEntriesByType("navigation") as (PerformanceNavigationTiming & {
    deliveryType?: string;
  })[];
  if (navigation?.deliveryType !== "navigational-prefetch" || location.pathname.startsWith("/dashboard"))
    return;
  fetch(OPENED_PATH, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ path: location.pathname }),
  }).catch(() => {}); // A view not counted is no reason to trouble the reader.
}
