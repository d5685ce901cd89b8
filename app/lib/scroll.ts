import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

const PHASE_ROUTE = /^\/(details|build-operator|managed-teams)\/[^/]+\/?$/;
// useLayoutEffect warns when rendered on the server; there is nothing to scroll there anyway.
const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** Moving between phase pages of one section keeps the scroll position; any other move starts at the top. */
export function keepsScroll(from: string, to: string): boolean {
  const a = PHASE_ROUTE.exec(from);
  const b = PHASE_ROUTE.exec(to);
  return a !== null && b !== null && a[1] === b[1];
}

/**
 * A new navigation scrolls smoothly to the top (phase pages of one section keep their place), or to its
 * #target when it names one; Back and Forward return to where the reader was on that history entry.
 */
export function useScrollToTopOnNavigation() {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);
  // Where each history entry was last scrolled to, by the entry's key (a page may appear in history twice).
  const positions = useRef(new Map<string, number>());
  // The entry on screen, switched when a navigation commits: a scroll after that belongs to the new page.
  const current = useRef(key);

  useEffect(() => {
    // The browser's own restoration would jump on Back before the entry's page has rendered, and its scroll
    // events would be taken for the page still on screen; it is left on only for a reload (pagehide).
    window.history.scrollRestoration = "manual";
    const unloading = () => (window.history.scrollRestoration = "auto");
    window.addEventListener("pagehide", unloading);
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.current.set(current.current, window.scrollY));
    };
    window.addEventListener("scroll", remember, { passive: true });
    return () => {
      window.removeEventListener("scroll", remember);
      window.removeEventListener("pagehide", unloading);
      cancelAnimationFrame(frame);
    };
  }, []);

  useBrowserLayoutEffect(() => {
    current.current = key;
    const from = previous.current;
    previous.current = pathname;
    // The first render is a POP too, with nothing saved: a reload is left to the browser's own restoration.
    if (navigationType === "POP") {
      const saved = positions.current.get(key);
      if (saved !== undefined) window.scrollTo(0, saved);
      return;
    }
    // A link to a place on a page (/contact#contact-form) lands there, below the sticky header (scroll-padding).
    const target = hash && document.getElementById(hash.slice(1));
    if (target) {
      target.scrollIntoView();
      return;
    }
    if (from === pathname || keepsScroll(from, pathname)) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
  }, [key]);
}
