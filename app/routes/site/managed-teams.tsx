import { data } from "react-router";
import { ContactSection } from "~/components/marketing/contact-section";
import { pageMeta, type Crumb } from "~/components/marketing/meta";
import {
  ContentSections,
  PageHero,
  Paragraphs,
  RouteErrorBoundary,
  SideNav,
  WithSideNav,
} from "~/components/marketing/page";
import { managedTeamsPages } from "../../../shared/content/models";
import type { Route } from "./+types/managed-teams";

const OVERVIEW_PATH = "/managed-teams/manage_overview";

export function loader({ params }: Route.LoaderArgs) {
  const page = managedTeamsPages.find((p) => p.path === `/managed-teams/${params.page}`);
  if (!page) throw data(null, { status: 404 });
  const trail: Crumb[] =
    page.path === OVERVIEW_PATH
      ? [
          ["Home", "/"],
          [page.title, page.path],
        ]
      : [
          ["Home", "/"],
          ["Managed Teams", OVERVIEW_PATH],
          [page.title, page.path],
        ];
  return {
    page,
    trail,
    // The side menu lists the three services of the model (spec section 2); the overview is the breadcrumb.
    menu: managedTeamsPages
      .filter((p) => p.path !== OVERVIEW_PATH)
      .map((p) => ({ label: p.menuLabel, path: p.path })),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    loaderData && { seo: loaderData.page.seo, path: loaderData.page.path, trail: loaderData.trail },
  );
}

export default function ManagedTeamsPage({ loaderData }: Route.ComponentProps) {
  const { page, trail, menu } = loaderData;
  return (
    <>
      <PageHero title={page.title} eyebrow="Managed Teams" trail={trail} />
      <WithSideNav
        nav={
          <SideNav
            label="Managed Teams services"
            heading="Managed Teams"
            headingPath={OVERVIEW_PATH}
            links={menu}
          />
        }
      >
        <Paragraphs paragraphs={page.intro} className="max-w-3xl" />
        <div className="mt-12 max-w-3xl">
          <ContentSections sections={page.sections} />
        </div>
      </WithSideNav>
      <ContactSection />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
