import { ArrowRight } from "lucide-react";
import { data, Link } from "react-router";
import { ContactSection } from "~/components/marketing/contact-section";
import { pageMeta, type Crumb } from "~/components/marketing/meta";
import {
  ContentSections,
  FeatureGrid,
  PageHero,
  Paragraphs,
  RouteErrorBoundary,
  SectionHeading,
  SideNav,
  WithSideNav,
} from "~/components/marketing/page";
import { gccModelPages, gccOverview, gccPhases, gccTagline } from "../../../shared/content/models";
import type { ContentSection, Feature, PageSeo } from "../../../shared/content/types";
import type { Route } from "./+types/gcc";

const OVERVIEW_PATH = "/details/features";

interface GccView {
  path: string;
  title: string;
  eyebrow: string;
  seo: PageSeo;
  intro: readonly string[];
  sections: readonly ContentSection[];
  featuresHeading: string;
  features: readonly Feature[];
  moreLink?: { label: string; path: string };
}

function findPage(slug: string | undefined): GccView | null {
  if (slug === "features") {
    return {
      path: OVERVIEW_PATH,
      title: gccOverview.title,
      eyebrow: "Global Capability Centers",
      seo: gccOverview.seo,
      intro: gccOverview.intro,
      sections: [],
      featuresHeading: "Key features",
      features: gccOverview.keyFeatures,
    };
  }
  const phase = gccPhases.find((p) => p.slug === slug);
  if (phase) {
    return {
      path: phase.path,
      title: phase.title,
      eyebrow: `Phase ${phase.number} of your GCC journey`,
      seo: phase.seo,
      intro: phase.intro,
      sections: phase.sections,
      featuresHeading: "Key features",
      features: gccOverview.keyFeatures,
    };
  }
  const model = gccModelPages.find((m) => m.path === `/details/${slug}`);
  if (model) {
    return {
      path: model.path,
      title: model.title,
      eyebrow: "Engagement model",
      seo: model.seo,
      intro: model.intro,
      sections: [],
      featuresHeading: `Key features of ${model.title}`,
      features: model.keyFeatures,
      moreLink: model.moreLink,
    };
  }
  return null;
}

export function loader({ params }: Route.LoaderArgs) {
  const page = findPage(params.page);
  if (!page) throw data(null, { status: 404 });
  const trail: Crumb[] =
    page.path === OVERVIEW_PATH
      ? [
          ["Home", "/"],
          [page.title, page.path],
        ]
      : [
          ["Home", "/"],
          ["Global Capability Centers", OVERVIEW_PATH],
          [page.title, page.path],
        ];
  return {
    page,
    trail,
    phases: gccPhases.map((p) => ({ label: p.label, path: p.path })),
    tagline: gccTagline,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    loaderData && { seo: loaderData.page.seo, path: loaderData.page.path, trail: loaderData.trail },
  );
}

export default function GccPage({ loaderData }: Route.ComponentProps) {
  const { page, trail, phases, tagline } = loaderData;
  return (
    <>
      <PageHero title={page.title} eyebrow={page.eyebrow} trail={trail} />
      <WithSideNav
        nav={
          <SideNav
            label="GCC journey"
            heading="Your GCC journey"
            links={[{ label: "Overview", path: OVERVIEW_PATH }, ...phases]}
          />
        }
      >
        <Paragraphs paragraphs={page.intro} className="max-w-3xl" />
        {page.sections.length > 0 && (
          <div className="mt-12 max-w-3xl">
            <ContentSections sections={page.sections} />
          </div>
        )}
        {page.moreLink && (
          <Link to={page.moreLink.path} className="btn-primary mt-8">
            {page.moreLink.label}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        )}
        <section aria-labelledby="features-heading" className="below-fold mt-16">
          <SectionHeading id="features-heading" title={page.featuresHeading} />
          <div className="mt-8">
            <FeatureGrid features={page.features} columns={page.features.length === 3 ? 3 : 2} />
          </div>
        </section>
        <section aria-labelledby="phases-heading" className="below-fold mt-16">
          <SectionHeading
            id="phases-heading"
            title="Three phases, one partner"
            text="Follow your centre from the first business case to steady-state operations."
          />
          <ol className="mt-8 grid gap-4 md:grid-cols-3">
            {phases.map((phase) => (
              <li key={phase.path}>
                <Link
                  to={phase.path}
                  preventScrollReset
                  aria-current={phase.path === page.path ? "page" : undefined}
                  className={`flex h-full items-center justify-between gap-3 rounded-2xl border p-5 font-semibold transition-colors ${
                    phase.path === page.path
                      ? "border-navy-900 bg-navy-900 text-white"
                      : "border-slate-200 bg-white text-navy-900 hover:border-brand-600 hover:text-brand-700"
                  }`}
                >
                  {phase.label}
                  <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
                </Link>
              </li>
            ))}
          </ol>
        </section>
      </WithSideNav>
      <ContactSection tagline={tagline} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
