import { data } from "react-router";
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
import { botKeyFeatures, botPages } from "../../../shared/content/models";
import type { Route } from "./+types/build-operator";

const OVERVIEW_PATH = "/build-operator/bot_modal";

export function loader({ params }: Route.LoaderArgs) {
  const page = botPages.find((p) => p.path === `/build-operator/${params.phase}`);
  if (!page) throw data(null, { status: 404 });
  const trail: Crumb[] =
    page.path === OVERVIEW_PATH
      ? [
          ["Home", "/"],
          [page.title, page.path],
        ]
      : [
          ["Home", "/"],
          ["Build Operate Transfer", OVERVIEW_PATH],
          [page.title, page.path],
        ];
  return {
    page,
    trail,
    menu: botPages.map((p) => ({ label: p.menuLabel, path: p.path })),
    features: botKeyFeatures,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    loaderData && { seo: loaderData.page.seo, path: loaderData.page.path, trail: loaderData.trail },
  );
}

export default function BuildOperatorPage({ loaderData }: Route.ComponentProps) {
  const { page, trail, menu, features } = loaderData;
  return (
    <>
      <PageHero title={page.title} eyebrow="Build Operate Transfer" trail={trail} />
      <WithSideNav nav={<SideNav label="Build Operate Transfer phases" heading="BOT model" links={menu} />}>
        <Paragraphs paragraphs={page.intro} className="max-w-3xl" />
        <div className="mt-12 max-w-3xl">
          <ContentSections sections={page.sections} />
        </div>
        <section aria-labelledby="bot-features-heading" className="mt-16">
          <SectionHeading
            id="bot-features-heading"
            title="Key features of the BOT model"
            text="Why companies choose Build Operate Transfer for their first centre in India."
          />
          <div className="mt-8">
            <FeatureGrid features={features} columns={2} />
          </div>
        </section>
      </WithSideNav>
      <ContactSection />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
