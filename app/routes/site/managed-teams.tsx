import { modelSectionPage, sectionPageMeta } from "#app/components/marketing/meta.ts";
import { ModelPage } from "#app/components/marketing/model-page.tsx";
import { RouteErrorBoundary } from "#app/components/marketing/page.tsx";
import { managedTeamsPages } from "#shared/content/models.ts";
import { proofHtml } from "#app/components/proof/proof-html.server.tsx";
import { ModelComparison } from "#app/components/marketing/model-comparison.tsx";
import { comparisonOnOverview } from "#app/lib/model-comparison.server.ts";
import type { Route } from "./+types/managed-teams";

const SECTION = { label: "Managed Teams", path: "/managed-teams/manage_overview" };

export async function loader({ params, context }: Route.LoaderArgs) {
  // The side menu lists the three services of the model (spec section 2); the overview is the breadcrumb.
  const path = `/managed-teams/${params.page}`;
  return {
    ...modelSectionPage(
      managedTeamsPages,
      path,
      SECTION,
      { label: "Managed Teams services", heading: "Managed Teams", headingPath: SECTION.path },
      managedTeamsPages.filter((p) => p.path !== SECTION.path),
    ),
    comparison: await comparisonOnOverview(context, path, SECTION.path),
    proofHtml: await proofHtml(context, "managed_teams"),
  };
}

export const meta = sectionPageMeta;

export default function ManagedTeamsPage({ loaderData }: Route.ComponentProps) {
  return (
    <ModelPage {...loaderData}>
      <ModelComparison comparison={loaderData.comparison} />
    </ModelPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
