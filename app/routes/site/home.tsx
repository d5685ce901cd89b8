import type { MouseEvent } from "react";
import { Link } from "react-router";
import { Carousel } from "~/components/marketing/carousel";
import { Glyph } from "~/components/marketing/glyphs";
import { organizationJsonLd } from "~/components/marketing/meta";
import {
  experience,
  heroSlides,
  homeAbout,
  homeCta,
  homeSeo,
  modelIllustrations,
  modelsIntro,
  SOLUTIONS_CAROUSEL_INTERVAL_MS,
  solutionsIntro,
} from "../../../shared/content/home";
import { engagementModels } from "../../../shared/content/models";
import { solutions } from "../../../shared/content/solutions";
import { jsonLd, seoMeta } from "~/lib/seo";
import { truncate } from "~/lib/text";
import type { Route } from "./+types/home";

/*
 * The home page has a JavaScript budget (120 KB gzip, `npm run bench:web`), so everything that can be done on
 * the server is: the copy travels as loader data (in the HTML), and the meta tags (seoMeta + the Organization
 * JSON-LD with the contact points from the site settings) are built here, leaving the browser bundle with
 * only the page's components. See docs/decisions/0003-public-site-performance-budget.md.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.services.settings.get();
  return {
    meta: [
      ...seoMeta({
        title: homeSeo.title,
        description: homeSeo.description,
        path: "/",
        baseUrl: context.baseUrl,
      }),
      jsonLd(organizationJsonLd(context.baseUrl, settings)),
    ],
    heroSlides,
    modelsIntro,
    models: engagementModels.map(({ title, description, path }) => ({
      title,
      description,
      path,
      image: modelIllustrations[path],
    })),
    about: homeAbout,
    experience,
    solutionsIntro,
    // Card text is cut to 250 characters here, so the browser gets display-ready cards.
    solutions: solutions.map(({ title, path, description }, i) => ({
      title,
      path,
      text: truncate(description),
      number: String(i + 1).padStart(2, "0"),
    })),
    cta: homeCta,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData?.meta ?? [];
}

/** Hero buttons scroll to a section of this page and move focus there for keyboard and screen reader users. */
function scrollToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  target.focus({ preventScroll: true });
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  return (
    <>
      <section aria-label="Introduction" className="relative isolate overflow-hidden bg-navy-900 text-white">
        <div aria-hidden="true" className="hero-backdrop absolute inset-0 -z-10" />
        <div className="container-page grid items-center gap-10 py-16 md:py-24 lg:grid-cols-[1.25fr_1fr]">
          <Carousel
            label="Highlights"
            tone="dark"
            items={data.heroSlides.map((slide, i) => {
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
                  <div className="mt-8">
                    <a
                      href={`#${slide.cta.target}`}
                      onClick={(event) => scrollToSection(event, slide.cta.target)}
                      className="btn bg-accent-400 px-6 py-3 text-base text-navy-950 hover:bg-accent-500"
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

      <section
        id="models"
        aria-labelledby="models-heading"
        className="section-anchor below-fold py-16 md:py-24"
      >
        <div className="container-page">
          <Intro id="models-heading" eyebrow="How we work with you" intro={data.modelsIntro} center />
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {data.models.map((model) => (
              <li
                key={model.path}
                className="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-8 shadow-sm transition-shadow hover:shadow-lg"
              >
                <img src={model.image} alt="" width={72} height={72} loading="lazy" decoding="async" />
                <h3 className="mt-6 text-xl font-bold text-navy-900">
                  <Link to={model.path} className="after:absolute after:inset-0 after:rounded-2xl">
                    {model.title}
                  </Link>
                </h3>
                <p className="mt-3 flex-1 leading-relaxed text-slate-600">{model.description}</p>
                <span
                  aria-hidden="true"
                  className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-brand-700"
                >
                  Explore the model
                  <Glyph
                    name="arrow-right"
                    className="size-4 transition-transform group-hover:translate-x-1"
                  />
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-12 text-center">
            <Link to="/contact" className="btn-primary px-6 py-3 text-base">
              Contact Us
            </Link>
          </div>
        </div>
      </section>

      <section
        id="about"
        tabIndex={-1}
        aria-labelledby="about-heading"
        className="section-anchor below-fold bg-slate-50 py-16 outline-none md:py-24"
      >
        <div className="container-page grid items-center gap-12 lg:grid-cols-2">
          <img
            src="/images/marketing/about-team.svg"
            alt="Illustration: a consultant guiding a growing team through the stages of building a centre in India"
            width={480}
            height={360}
            loading="lazy"
            decoding="async"
            className="mx-auto h-auto w-full max-w-md lg:order-2"
          />
          <div>
            <Intro
              id="about-heading"
              eyebrow="Who we are"
              intro={{ heading: data.about.heading, text: data.about.paragraphs }}
            />
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/contact" className="btn-primary px-6 py-3 text-base">
                Contact Us
              </Link>
              <Link to="/about-page" className="btn-secondary px-6 py-3 text-base">
                Read More<span className="sr-only"> about GCC View 360</span>
              </Link>
            </div>
          </div>
        </div>
      </section>

      <section
        id="experience"
        tabIndex={-1}
        aria-labelledby="experience-heading"
        className="section-anchor below-fold bg-navy-900 py-16 text-white outline-none md:py-24"
      >
        <div className="container-page">
          <Intro
            id="experience-heading"
            eyebrow="Our experience"
            intro={{ heading: data.experience.heading, text: data.experience.intro }}
            dark
          />
          <dl className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {data.experience.stats.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse rounded-2xl border border-white/10 bg-white/5 p-7"
              >
                <dt className="mt-2 leading-snug text-slate-200">{stat.label}</dt>
                <dd className="text-5xl font-extrabold tracking-tight text-accent-400">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section
        id="solutions"
        tabIndex={-1}
        aria-labelledby="solutions-heading"
        className="section-anchor below-fold py-16 outline-none md:py-24"
      >
        <div className="container-page">
          <Intro id="solutions-heading" eyebrow="What we do" intro={data.solutionsIntro} />
          <Carousel
            label="Solutions and offerings"
            className="mt-12"
            perSlide={{ base: 1, md: 3 }}
            autoPlay={SOLUTIONS_CAROUSEL_INTERVAL_MS}
            items={data.solutions.map((solution) => (
              <article
                key={solution.path}
                className="group relative flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition-shadow hover:shadow-lg"
              >
                <span aria-hidden="true" className="text-sm font-bold tracking-widest text-brand-700">
                  {solution.number}
                </span>
                <h3 className="mt-3 text-xl font-bold text-navy-900">
                  <Link to={solution.path} className="after:absolute after:inset-0 after:rounded-2xl">
                    {solution.title}
                  </Link>
                </h3>
                <p className="mt-3 flex-1 leading-relaxed text-slate-600" data-card-text>
                  {solution.text}
                </p>
                <span
                  aria-hidden="true"
                  className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-brand-700"
                >
                  Explore
                  <Glyph
                    name="arrow-right"
                    className="size-4 transition-transform group-hover:translate-x-1"
                  />
                </span>
              </article>
            ))}
          />
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="below-fold bg-brand-700">
        <div className="container-page flex flex-col items-start justify-between gap-6 py-14 md:flex-row md:items-center">
          <div>
            <h2 id="cta-heading" className="text-2xl font-bold text-white md:text-3xl">
              {data.cta.heading}
            </h2>
            <p className="mt-2 max-w-2xl text-brand-50">{data.cta.text}</p>
          </div>
          <Link to="/contact" className="btn-light shrink-0 px-6 py-3 text-base">
            Talk to our team
          </Link>
        </div>
      </section>
    </>
  );
}

/** Eyebrow, h2 and lead paragraph(s) that open each home section. */
function Intro({
  id,
  eyebrow,
  intro,
  center = false,
  dark = false,
}: {
  id: string;
  eyebrow: string;
  intro: { heading: string; text: string | readonly string[] };
  center?: boolean;
  dark?: boolean;
}) {
  const paragraphs = typeof intro.text === "string" ? [intro.text] : intro.text;
  return (
    <div className={`max-w-3xl ${center ? "mx-auto text-center" : ""}`}>
      <p
        className={`text-sm font-semibold uppercase tracking-[0.14em] ${dark ? "text-accent-400" : "text-brand-700"}`}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={`mt-2 text-3xl font-bold tracking-tight md:text-4xl ${dark ? "" : "text-navy-900"}`}
      >
        {intro.heading}
      </h2>
      {paragraphs.map((p) => (
        <p key={p} className={`mt-4 text-lg leading-relaxed ${dark ? "text-slate-200" : "text-slate-600"}`}>
          {p}
        </p>
      ))}
    </div>
  );
}
