import { ArrowRight } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { AboutTeamIllustration } from "#app/components/marketing/about-team-illustration.tsx";
import { Icon } from "#app/components/marketing/icon.tsx";
import { pageMeta, type Crumb } from "#app/components/marketing/meta.ts";
import { PageHero, PageSection, Paragraphs } from "#app/components/marketing/page.tsx";
import { SectionHeading } from "#app/components/marketing/section-heading.tsx";
import { aboutIntro, aboutTiles, audiences, coreValues } from "#shared/content/about.ts";
import type { AudienceCard } from "#shared/content/types.ts";
import { CARD_TEXT_LIMIT, truncate } from "#app/lib/text.ts";
import { withFigures } from "#shared/figures.ts";
import type { Route } from "./+types/about";
import type { ScriptHandle } from "#app/lib/hydration.ts";

// HTML with the site script, no React in the browser (ADR 0028).
export const handle: ScriptHandle = { hydrate: false };

const PATH = "/about-page";

export async function loader({ context }: Route.LoaderArgs) {
  const { figures } = await context.services.settings.get();
  const trail: Crumb[] = [
    ["Home", "/"],
    ["About Us", PATH],
  ];
  return { intro: aboutIntro, audiences, coreValues, tiles: withFigures(aboutTiles, figures), trail };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData && { seo: loaderData.intro.seo, path: PATH, trail: loaderData.trail });
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { intro, trail, tiles } = loaderData;
  const [lead, ...rest] = intro.paragraphs;
  return (
    <>
      <PageHero title={intro.title} eyebrow="About Us" lead={lead} trail={trail} />
      <section className="container-page grid gap-12 py-16 md:py-20 lg:grid-cols-[1.4fr_1fr] lg:items-center">
        <Paragraphs paragraphs={rest} />
        <AboutTeamIllustration className="mx-auto h-auto w-full max-w-md" />
      </section>

      <section aria-labelledby="audiences-heading" className="below-fold bg-slate-50 py-16 md:py-24">
        <div className="container-page">
          <SectionHeading
            id="audiences-heading"
            eyebrow="Who we help"
            title="A partner for every stage of growth"
            center
          />
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {loaderData.audiences.map((card) => (
              <AudienceCardView key={card.title} card={card} />
            ))}
          </ul>
        </div>
      </section>

      <PageSection
        id="values"
        className="container-page below-fold py-16 md:py-24"
        eyebrow="Our core values"
        title="What guides our work"
        text="Five values shape how we advise clients, hire people and run the centres we are trusted with."
        center
      >
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {loaderData.coreValues.map((value) => (
            <li key={value.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="grid size-12 place-items-center rounded-xl bg-navy-900 text-accent-400">
                <Icon name={value.icon} />
              </span>
              <h3 className="mt-5 text-lg font-bold text-navy-900">{value.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{value.description}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <section aria-labelledby="explore-heading" className="below-fold bg-navy-900 py-16 md:py-24">
        <div className="container-page">
          <SectionHeading id="explore-heading" title="Explore GCC View 360" light center />
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {tiles.map((tile) => (
              <li key={tile.path}>
                <Link
                  to={tile.path}
                  className="group flex h-full flex-col rounded-2xl border border-white/10 bg-white/5 p-7 transition-colors hover:border-brand-500 hover:bg-white/10"
                >
                  <span className="text-xl font-bold text-white">{tile.title}</span>
                  <span className="mt-3 flex-1 leading-relaxed text-slate-300">{tile.description}</span>
                  <span
                    aria-hidden="true"
                    className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-accent-400"
                  >
                    Explore <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

/** Texts over 250 characters start collapsed with a View More / View Less toggle. */
function AudienceCardView({ card }: { card: AudienceCard }) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const long = card.text.length > CARD_TEXT_LIMIT;
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
      <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-700">
        <Icon name={card.icon} />
      </span>
      <h3 className="mt-5 text-xl font-bold text-navy-900">{card.title}</h3>
      <p id={textId} className="mt-3 flex-1 leading-relaxed text-slate-600">
        {long && !expanded ? truncate(card.text) : card.text}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={textId}
          data-more
          data-short={truncate(card.text)}
          data-whole={card.text}
          onClick={() => setExpanded((v) => !v)}
          className="mt-4 self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {expanded ? "View Less" : "View More"}
          <span className="sr-only"> about how we help a {card.title.toLowerCase()}</span>
        </button>
      )}
    </li>
  );
}
