import { isbot } from "isbot";
import { withoutManageToken } from "#shared/paths.ts";

/** What a page view records of its request: never the address or the user agent themselves. */
export interface Visit {
  path: string;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  country: string | null;
}

export interface RequestFacts {
  method: string | undefined;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

// Not pages: the console, the API, React Router's route manifest (/__manifest) and files (a dot in the last
// segment), except React Router's page data.
const NOT_A_PAGE =
  /^\/(?:__|(?:dashboard|api|media|assets|build|refresh_token|healthz|readyz|metrics|jobs)(?:[/.?]|$))/;
const MAX_PATH = 200;
const MAX_TEXT = 100;

const header = (headers: RequestFacts["headers"], name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * A function of one string remembered for the last `max` distinct inputs: a site sees few distinct browsers,
 * paths and languages, and each answer is cached, so judging them again on every request is wasted work.
 */
function remembered<T>(judge: (input: string) => T, max = 2_000) {
  const known = new Map<string, T>();
  return (input: string): T => {
    let value = known.get(input);
    if (value === undefined && !known.has(input)) {
      if (known.size >= max) known.clear();
      value = judge(input);
      known.set(input, value);
    }
    return value as T;
  };
}

// isbot's pattern costs microseconds per call.
const isBot = remembered(isbot);

/**
 * Whether the visitor may be counted: people only (no bots, no user agent at all), not those who asked not to
 * be tracked (`DNT: 1`, `Sec-GPC: 1`).
 */
export function mayCount(headers: RequestFacts["headers"]) {
  const agent = header(headers, "user-agent");
  if (!agent || isBot(agent)) return false;
  return header(headers, "dnt") !== "1" && header(headers, "sec-gpc") !== "1";
}

/** A page fetched ahead in case it is opened (speculation rules, a link's prefetch): not yet a view. */
export function isPrefetch(headers: RequestFacts["headers"]) {
  const purpose = header(headers, "sec-purpose") ?? header(headers, "purpose");
  return purpose !== undefined && /prefetch|prerender/i.test(purpose);
}

/**
 * The page a GET asks for: `/blog` for `/blog` and for React Router's `/blog.data`; null when not a page.
 * React Router matches routes whatever their case and after decoding, so `/Blog`, `/blo%67` and `//blog`
 * are `/blog` (one page, not three), and `/Dashboard` or `/%64ashboard` is the console, not a page.
 */
export const pagePath = remembered(pagePathOf);

function pagePathOf(pathname: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname)
      .toLowerCase()
      .replace(/\/{2,}/g, "/");
  } catch {
    return null; // Broken percent-encoding: no page of ours.
  }
  // The router resolves dot segments after decoding too: /blog/anything/%2e%2e is /blog, not a page a visitor names.
  const segments: string[] = [];
  for (const segment of path.split("/").slice(1)) {
    if (segment === "..") segments.pop();
    else if (segment !== ".") segments.push(segment);
  }
  path = `/${segments.join("/")}`;
  if (path.endsWith(".data")) path = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
  else if (/\.[a-z0-9]+$/i.test(path)) return null;
  if (NOT_A_PAGE.test(path)) return null;
  if (path.length > 1 && path.endsWith("/")) path = path.replace(/\/+$/, "");
  // A booking's manage link carries its credential in the path: counted as one page, never stored.
  if (withoutManageToken(path) !== path) return "/book-a-call/manage";
  return path.slice(0, MAX_PATH) || "/";
}

const hostOf = remembered((referer: string): string | null => {
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.hostname.toLowerCase();
  } catch {
    return null;
  }
});

/** Another site's host from the Referer header; null when direct, from this site, or not a web address. */
export function referrerHost(referer: string | undefined, ownHost: string | undefined): string | null {
  if (!referer) return null;
  const host = hostOf(referer);
  if (host === null) return null;
  const own = (ownHost ?? "").toLowerCase().replace(/:\d+$/, "");
  const bare = host.replace(/^www\./, "");
  return bare === own.replace(/^www\./, "") ? null : bare.slice(0, MAX_TEXT);
}

/** The region of the first preferred language that names one (`en-IN,en;q=0.9` → IN); never from the address. */
export function countryOf(acceptLanguage: string | undefined): string | null {
  return acceptLanguage ? regionOf(acceptLanguage) : null;
}

const regionOf = remembered((acceptLanguage: string): string | null => {
  for (const part of acceptLanguage.split(",").slice(0, 10)) {
    const region = /^\s*[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})\b/i.exec(part)?.[1];
    if (region) return region.toUpperCase();
  }
  return null;
});

/** Control characters and bidirectional overrides (one shows "\u202Eelgoog" as "google"), as schemas/one-line.ts refuses them. */
const INVISIBLE = /[\p{Cc}\p{Zl}\p{Zp}\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/gu;

const utm = (params: URLSearchParams, name: string) => {
  const value = params.get(name)?.replace(INVISIBLE, "").trim().toLowerCase();
  return value ? value.slice(0, MAX_TEXT) : null;
};

/** The page view a request is, or null when it is not one to count (not a page, a bot, DNT …). */
export function visitOf(request: RequestFacts): Visit | null {
  if (request.method !== "GET") return null;
  const query = request.url.indexOf("?");
  const path = pagePath(query === -1 ? request.url : request.url.slice(0, query));
  if (path === null || !mayCount(request.headers)) return null;
  // Only a campaign's link has a query worth reading.
  const params =
    query !== -1 && request.url.includes("utm_", query)
      ? new URLSearchParams(request.url.slice(query))
      : null;
  return {
    path,
    referrer: referrerHost(header(request.headers, "referer"), header(request.headers, "host")),
    utmSource: params && utm(params, "utm_source"),
    utmMedium: params && utm(params, "utm_medium"),
    utmCampaign: params && utm(params, "utm_campaign"),
    country: countryOf(header(request.headers, "accept-language")),
  };
}
