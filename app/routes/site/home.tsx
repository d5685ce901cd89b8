import { Link } from "react-router";
import { AboutTeamIllustration } from "#app/components/marketing/about-team-illustration.tsx";
import { Carousel } from "#app/components/marketing/carousel.tsx";
import { HomeHero } from "#app/components/marketing/home-hero.tsx";
import { CardExploreHint, HomeScrollTarget } from "#app/components/marketing/home-section.tsx";
import { organizationJsonLd } from "#app/components/marketing/meta.ts";
import { SectionHeading } from "#app/components/marketing/section-heading.tsx";
import { proofHtml } from "#app/components/proof/proof-html.server.tsx";
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
} from "#shared/content/home.ts";
import { engagementModels } from "#shared/content/models.ts";
import { solutions } from "#shared/content/solutions.ts";
import { jsonLd, seoMeta } from "#app/lib/seo.ts";
import { withFigures, type SiteFigures } from "#shared/figures.ts";
import { comparisonView } from "#shared/content/comparison.ts";
import { ModelComparison } from "#app/components/marketing/model-comparison.tsx";
import { truncate } from "#app/lib/text.ts";
import type { Route } from "./+types/home";
import type { ScriptHandle } from "#app/lib/hydration.ts";

// HTML with the site script, no React in the browser (ADR 0028).
export const handle: ScriptHandle = { hydrate: false };

/*
 * The home page has a JavaScript budget (120 KB gzip, `npm run bench:web`), so everything that can be done on
 * the server is: the copy travels as loader data (in the HTML), and the meta tags (seoMeta + the Organization
 * JSON-LD with the contact points from the site settings) are built here, leaving the browser bundle with
 * only the page's components. See docs/decisions/0003-public-site-performance-budget.md.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.services.settings.get();
  // The figures the copy quotes come from the site settings (shared/figures.ts).
  const { figures } = settings;
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
    heroSlides: withFigures(heroSlides, figures),
    modelsIntro,
    models: engagementModels.map(({ title, description, path }) => ({
      title,
      description,
      path,
      image: modelIllustrations[path],
    })),
    comparison: comparisonView(settings.model_comparison),
    about: homeAbout,
    experience: experienceWith(figures),
    solutionsIntro,
    // Card text is cut to 250 characters here, so the browser gets display-ready cards.
    solutions: withFigures(solutions, figures).map(({ title, path, description }, i) => ({
      title,
      path,
      text: truncate(description),
      number: String(i + 1).padStart(2, "0"),
    })),
    cta: homeCta,
    proofHtml: await proofHtml(context),
  };
}

/**
 * The experience section with the site's figures: a stat whose figure is 0 left out, and five stats (the
 * centres set up shown) in one row on a wide screen, the spec's four otherwise. Classes travel as data.
 */
function experienceWith(figures: SiteFigures) {
  const stats = experience.stats.filter((s) => !("figure" in s) || figures[s.figure] > 0);
  const five = stats.length > 4;
  return {
    ...withFigures({ ...experience, stats }, figures),
    grid: five ? "lg:grid-cols-3 xl:grid-cols-5" : "lg:grid-cols-4",
    value: five ? "xl:text-[2.75rem]" : "",
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData?.meta ?? [];
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  return (
    <>
      <HomeHero slides={data.heroSlides} />

      <section id="models" aria-labelledby="models-heading" className="below-fold py-16 md:py-24">
        <div className="container-page">
          <SectionHeading
            id="models-heading"
            eyebrow="How we work with you"
            title={data.modelsIntro.heading}
            text={data.modelsIntro.text}
            center
          />
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
                <CardExploreHint label="Explore the model" />
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

      <ModelComparison comparison={data.comparison} home />

      <HomeScrollTarget id="about" className="bg-slate-50">
        <div className="container-page grid items-center gap-12 lg:grid-cols-2">
          <AboutTeamIllustration className="mx-auto h-auto w-full max-w-md lg:order-2" />
          <div>
            <SectionHeading
              id="about-heading"
              eyebrow="Who we are"
              title={data.about.heading}
              text={data.about.paragraphs}
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
      </HomeScrollTarget>

      <HomeScrollTarget id="experience" className="bg-navy-900 text-white">
        <div className="container-page">
          <SectionHeading
            id="experience-heading"
            eyebrow="Our experience"
            title={data.experience.heading}
            text={data.experience.intro}
            light
          />
          <dl className={`mt-12 grid gap-6 sm:grid-cols-2 ${data.experience.grid}`}>
            {data.experience.stats.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse rounded-2xl border border-white/10 bg-white/5 p-7"
              >
                <dt className="mt-2 leading-snug text-slate-200">{stat.label}</dt>
                <dd
                  className={`text-5xl font-extrabold tracking-tight text-accent-400 ${data.experience.value}`}
                >
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </HomeScrollTarget>

      <HomeScrollTarget id="solutions">
        <div className="container-page">
          <SectionHeading
            id="solutions-heading"
            eyebrow="What we do"
            title={data.solutionsIntro.heading}
            text={data.solutionsIntro.text}
          />
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
                <CardExploreHint label="Explore" />
              </article>
            ))}
          />
        </div>
      </HomeScrollTarget>

      {data.proofHtml ? <div dangerouslySetInnerHTML={{ __html: data.proofHtml }} /> : null}

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
