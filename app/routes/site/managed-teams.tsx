import { modelSectionPage, sectionPageMeta } from "#app/components/marketing/meta.ts";
import { ModelPage } from "#app/components/marketing/model-page.tsx";
import { RouteErrorBoundary } from "#app/components/marketing/page.tsx";
import { managedTeamsPages } from "#shared/content/models.ts";
import { proofHtml } from "#app/components/proof/proof-html.server.tsx";
import type { Route } from "./+types/managed-teams";

const SECTION = { label: "Managed Teams", path: "/managed-teams/manage_overview" };

export async function loader({ params, context }: Route.LoaderArgs) {
  // The side menu lists the three services of the model (spec section 2); the overview is the breadcrumb.
  const page = modelSectionPage(
    managedTeamsPages,
    `/managed-teams/${params.page}`,
    SECTION,
    { label: "Managed Teams services", heading: "Managed Teams", headingPath: SECTION.path },
    managedTeamsPages.filter((p) => p.path !== SECTION.path),
  );
  return { ...page, proofHtml: await proofHtml(context, "managed_teams") };
}

export const meta = sectionPageMeta;

export default function ManagedTeamsPage({ loaderData }: Route.ComponentProps) {
  return <ModelPage {...loaderData} />;
}

export const ErrorBoundary = RouteErrorBoundary;
