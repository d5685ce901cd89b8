import type { MouseEvent } from "react";
import { Carousel } from "#app/components/marketing/carousel.tsx";
import { Glyph } from "#app/components/marketing/glyphs.tsx";
import { ExpertCtaLink } from "#app/components/layout/expert-cta-link.tsx";
import type { HeroSlide } from "#shared/content/types.ts";

/** Hero buttons scroll to a section of this page and move focus there for keyboard and screen reader users. */
function scrollToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  target.focus({ preventScroll: true });
}

/** The home page's dark hero: a carousel of highlights (the first one the page's h1) beside the network art. */
export function HomeHero({ slides }: { slides: readonly HeroSlide[] }) {
  return (
    <section aria-label="Introduction" className="relative isolate overflow-hidden bg-navy-900 text-white">
      <div aria-hidden="true" className="hero-backdrop absolute inset-0 -z-10" />
      <div className="container-page grid grid-cols-1 items-center gap-10 py-12 md:py-24 lg:grid-cols-[1.25fr_1fr]">
        <Carousel
          label="Highlights"
          tone="dark"
          items={slides.map((slide, i) => {
            const Heading = i === 0 ? "h1" : "h2";
            return (
              <div key={slide.title} className="flex flex-col justify-center">
                <p className="text-sm font-semibold uppercase tracking-[0.14em] text-accent-400">
                  {slide.eyebrow}
                </p>
                <Heading className="mt-4 text-4xl font-extrabold leading-tight tracking-tight text-balance md:text-5xl lg:text-[3.4rem]">
                  {slide.title}
                </Heading>
                <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200">{slide.text}</p>
                <div className="mt-8 flex flex-wrap gap-3">
                  <ExpertCtaLink
                    className="btn bg-accent-400 px-6 py-3 text-base text-navy-950 hover:bg-accent-500"
                    place="hero"
                  />
                  <a
                    href={`#${slide.cta.target}`}
                    onClick={(event) => scrollToSection(event, slide.cta.target)}
                    className="btn border border-white/40 px-6 py-3 text-base text-white hover:bg-white/10"
                  >
                    {slide.cta.label}
                    <Glyph name="arrow-down" className="size-4" />
                  </a>
                </div>
              </div>
            );
          })}
        />
        <img
          src="/images/marketing/hero-network.svg"
          alt=""
          width={520}
          height={460}
          loading="lazy"
          decoding="async"
          className="hidden h-auto w-full lg:block"
        />
      </div>
    </section>
  );
}
