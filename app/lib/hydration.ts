import { useMatches } from "react-router";

/**
 * What a route says about its scripts in `handle`: `hydrate: false` renders the page as HTML with the
 * shared site script (app/browser/site.js) and its own `scripts`, no React in the browser (ADR 0028);
 * `script` is the booking pages' single script instead of everything (ADR 0027).
 */
export interface ScriptHandle {
  hydrate?: false;
  scripts?: readonly string[];
  script?: string;
}

const handles = (matches: ReturnType<typeof useMatches>) =>
  matches.map((match) => (match.handle ?? {}) as ScriptHandle);

/** Whether React runs in the browser on this page: the deepest route that says so decides. */
export function useHydrates(): boolean {
  const said = handles(useMatches()).findLast((handle) => "hydrate" in handle || handle.script);
  return said === undefined || (said.hydrate !== false && !said.script);
}

/** The page's own scripts (after the site script) when it does not hydrate. */
export function usePageScripts(): readonly string[] {
  return handles(useMatches()).flatMap((handle) => handle.scripts ?? []);
}
