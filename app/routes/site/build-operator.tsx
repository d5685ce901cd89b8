import { modelSectionPage, sectionPageMeta } from "#app/components/marketing/meta.ts";
import { ModelPage } from "#app/components/marketing/model-page.tsx";
import { FeatureGrid, PageSection, RouteErrorBoundary } from "#app/components/marketing/page.tsx";
import { botKeyFeatures, botPages } from "#shared/content/models.ts";
import { proofHtml } from "#app/components/proof/proof-html.server.tsx";
import { ModelComparison } from "#app/components/marketing/model-comparison.tsx";
import { comparisonOnOverview } from "#app/lib/model-comparison.server.ts";
import type { Route } from "./+types/build-operator";

const SECTION = { label: "Build Operate Transfer", path: "/build-operator/bot_modal" };

export async function loader({ params, context }: Route.LoaderArgs) {
  return {
    ...modelSectionPage(botPages, `/build-operator/${params.phase}`, SECTION, {
      label: "Build Operate Transfer phases",
      heading: "BOT model",
    }),
    features: botKeyFeatures,
    proofHtml: await proofHtml(context, "bot"),
    comparison: await comparisonOnOverview(context, `/build-operator/${params.phase}`, SECTION.path),
  };
}

export const meta = sectionPageMeta;

export default function BuildOperatorPage({ loaderData }: Route.ComponentProps) {
  return (
    <ModelPage {...loaderData}>
      <PageSection
        id="bot-features"
        className="mt-16"
        title="Key features of the BOT model"
        text="Why companies choose Build Operate Transfer for their first centre in India."
      >
        <div className="mt-8">
          <FeatureGrid features={loaderData.features} columns={2} />
        </div>
      </PageSection>
      <ModelComparison comparison={loaderData.comparison} />
    </ModelPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
