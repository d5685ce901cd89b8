import type { Client } from "./recorder";
import type { Visit } from "./visit";

const MAX_HELD = 10_000;
/** Chromium keeps a prefetched page for five minutes; a confirmation later than that is not for this fetch. */
const HELD_MS = 5 * 60_000;

/**
 * Views of pages fetched ahead of a click (speculation rules, a hover's prefetch): the fetch is not a view, and
 * the click that opens the page sends no request. Each is held, by address and page, until the opened page's
 * script confirms it; only a page this server answered to that address can be confirmed, so a visitor cannot
 * add pages of their own to the figures.
 */
export function createPrefetchedViews(now: () => number = Date.now) {
  const held = new Map<string, { visit: Visit; client: Client; at: number }>();
  const keyOf = (address: string, path: string) => `${address}\u0000${path}`;
  return {
    hold(visit: Visit, client: Client) {
      const key = keyOf(client.address, visit.path);
      held.delete(key);
      // The oldest goes first: a Map iterates in insertion order.
      if (held.size >= MAX_HELD) held.delete(held.keys().next().value!);
      held.set(key, { visit, client, at: now() });
    },
    /** The held view of `path` for `address`, once: null when none was fetched ahead or it is too old. */
    take(address: string, path: string) {
      const key = keyOf(address, path);
      const entry = held.get(key);
      if (!entry) return null;
      held.delete(key);
      return now() - entry.at <= HELD_MS ? entry : null;
    },
  };
}
