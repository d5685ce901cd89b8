import { startTransition, useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import {
  autoPlayInterval,
  MOBILE_BREAKPOINT_PX,
  reanchorIndex,
  slideCount,
  swipeStep,
  wrapIndex,
} from "./carousel-logic";
import { Glyph } from "./glyphs";

/**
 * Renders `serverValue` first (so hydration matches the server's HTML) and then the real answer as a
 * transition: the change re-renders in small slices instead of one forced synchronous pass after hydration.
 */
function useMediaQuery(query: string, serverValue: boolean): boolean {
  const [matches, setMatches] = useState(serverValue);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => startTransition(() => setMatches(list.matches));
    update();
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, [query]);
  return matches;
}

const MD_BASIS = {
  1: "md:basis-full",
  2: "md:basis-1/2",
  3: "md:basis-1/3",
  4: "md:basis-1/4",
} as const;

/** The previous and next buttons: how far each moves, its name and its arrow. */
const STEPS = [
  { by: -1, label: "Previous slide", glyph: "chevron-left" },
  { by: 1, label: "Next slide", glyph: "chevron-right" },
] as const;

export interface CarouselProps {
  /** Accessible name of the carousel, e.g. "Solutions and offerings". */
  label: string;
  items: readonly ReactNode[];
  /** Items per slide below / from the 768 px breakpoint. */
  perSlide?: { base: 1; md: keyof typeof MD_BASIS };
  /** true → DEFAULT_CAROUSEL_INTERVAL_MS, a number → that interval in ms, false/undefined → never moves by itself. */
  autoPlay?: boolean | number;
  /** Colour of the controls: "dark" for a dark background. */
  tone?: "light" | "dark";
  className?: string;
}

/**
 * One carousel for the whole site (WAI-ARIA APG carousel pattern): previous/next buttons, slide dots,
 * arrow keys, touch swipe (40 px), auto-advance that pauses on hover, focus and the pause button, and never
 * runs for people who prefer reduced motion (unless they press play).
 */
export function Carousel({
  label,
  items,
  perSlide = { base: 1, md: 1 },
  autoPlay,
  tone = "light",
  className = "",
}: CarouselProps) {
  const trackId = useId();
  // Cards sit side by side in one track and CSS sizes them per breakpoint, so the server's HTML is right at
  // every width; the width only decides how many dots there are and how far one step moves.
  const wide = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`, true);
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)", false);
  const per = wide ? perSlide.md : perSlide.base;
  const count = slideCount(items.length, per);

  const [position, setPosition] = useState({ index: 0, per });
  let index = position.index;
  if (position.per !== per) {
    index = reanchorIndex(position.index, position.per, per, items.length);
    setPosition({ index, per });
  }

  const interval = autoPlayInterval(autoPlay);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const playing = interval !== null && (playChoice ?? !reducedMotion);
  const running = playing && !hovered && !focused;

  const root = useRef<HTMLElement>(null);
  const activeSlide = useRef<HTMLDivElement>(null);
  const userMoved = useRef(false);
  const swipe = useRef<{ x: number; y: number } | null>(null);

  const goTo = useCallback(
    (next: number, byUser = true) => {
      userMoved.current = byUser;
      setPosition((p) => ({ ...p, index: wrapIndex(next, count) }));
    },
    [count],
  );

  useEffect(() => {
    if (!running || interval === null || count < 2) return;
    const timer = window.setTimeout(() => goTo(index + 1, false), interval);
    return () => window.clearTimeout(timer);
  }, [running, interval, index, count, goTo]);

  // A focused link in a slide that just became inert loses focus; keep keyboard users in the carousel.
  useEffect(() => {
    if (!userMoved.current) return;
    userMoved.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) activeSlide.current?.focus({ preventScroll: true });
  }, [index]);

  const dark = tone === "dark";
  // The dot's look when current and not: the site script (app/browser/site.js) switches between them too.
  const dotOn = `w-6 ${dark ? "bg-accent-400" : "bg-brand-700"}`;
  const dotOff = `w-2.5 ${dark ? "bg-white/40 group-hover:bg-white/70" : "bg-slate-300 group-hover:bg-slate-400"}`;
  const controlClass = `grid size-10 place-items-center rounded-full border transition-colors ${
    dark
      ? "border-white/30 text-white hover:bg-white/10"
      : "border-slate-300 bg-white text-navy-900 hover:border-navy-800 hover:bg-navy-900 hover:text-white"
  }`;

  return (
    <section
      ref={root}
      aria-roledescription="carousel"
      aria-label={label}
      data-carousel-index={index}
      data-slide-count={count}
      data-running={running}
      data-per-md={perSlide.md}
      data-interval={interval ?? undefined}
      className={className}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
        if ((event.target as HTMLElement).closest("input, textarea, select")) return;
        event.preventDefault();
        goTo(index + (event.key === "ArrowRight" ? 1 : -1));
      }}
    >
      <div
        data-swipe
        className="-mx-3 touch-pan-y overflow-hidden"
        onPointerDown={(event) => {
          swipe.current = event.pointerType === "mouse" ? null : { x: event.clientX, y: event.clientY };
        }}
        onPointerUp={(event) => {
          const start = swipe.current;
          swipe.current = null;
          if (!start) return;
          const step = swipeStep(event.clientX - start.x, event.clientY - start.y);
          if (step !== 0) goTo(index + step);
        }}
        onPointerCancel={() => (swipe.current = null)}
      >
        <div
          id={trackId}
          data-track
          aria-live={running ? "off" : "polite"}
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {items.map((item, i) => (
            <div
              key={i}
              ref={i === index * per ? activeSlide : undefined}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${items.length}`}
              inert={Math.floor(i / per) !== index}
              tabIndex={-1}
              className={`flex min-w-0 shrink-0 basis-full px-3 outline-none ${MD_BASIS[perSlide.md]}`}
              data-carousel-item
            >
              {item}
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        // Six dots and three buttons are wider than a 320 px screen: the buttons then wrap below, on the right.
        <div className="mt-8 flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
          <div className="flex items-center gap-1" data-dots data-on={dotOn} data-off={dotOff}>
            {Array.from({ length: count }, (_, i) => (
              <button
                key={i}
                type="button"
                aria-controls={trackId}
                aria-label={
                  per === 1
                    ? `Go to slide ${i + 1}`
                    : `Go to slides ${i * per + 1} to ${Math.min(items.length, (i + 1) * per)}`
                }
                aria-current={i === index ? "true" : undefined}
                onClick={() => goTo(i)}
                className="group grid size-6 place-items-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={`block h-2.5 rounded-full transition-all ${i === index ? dotOn : dotOff}`}
                />
              </button>
            ))}
          </div>
          <div className="ml-auto flex items-center gap-2">
            {interval !== null && (
              <button
                type="button"
                className={controlClass}
                aria-label={playing ? "Pause automatic slide show" : "Start automatic slide show"}
                data-play
                onClick={() => setPlayChoice(!playing)}
              >
                <span data-glyph="pause" hidden={!playing}>
                  <Glyph name="pause" className="size-4" />
                </span>
                <span data-glyph="play" hidden={playing}>
                  <Glyph name="play" className="size-4" />
                </span>
              </button>
            )}
            {STEPS.map(({ by, label, glyph }) => (
              <button
                key={label}
                type="button"
                className={controlClass}
                aria-controls={trackId}
                aria-label={label}
                data-step={by}
                onClick={() => goTo(index + by)}
              >
                <Glyph name={glyph} className="size-5" />
              </button>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
