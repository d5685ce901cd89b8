import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

const PHASE_ROUTE = /^\/(details|build-operator|managed-teams)\/[^/]+\/?$/;

/** Moving between phase pages of one section keeps the scroll position; any other move starts at the top. */
export function keepsScroll(from: string, to: string): boolean {
  const a = PHASE_ROUTE.exec(from);
  const b = PHASE_ROUTE.exec(to);
  return a !== null && b !== null && a[1] === b[1];
}

export function useScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from === pathname || keepsScroll(from, pathname)) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
  }, [pathname]);
}
