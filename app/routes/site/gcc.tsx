import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { sectionPage, sectionPageMeta } from "#app/components/marketing/meta.ts";
import { ModelPage } from "#app/components/marketing/model-page.tsx";
import { FeatureGrid, PageSection, RouteErrorBoundary } from "#app/components/marketing/page.tsx";
import { gccPage, gccPhases, gccTagline } from "#shared/content/models.ts";
import { proofHtml } from "#app/components/proof/proof-html.server.tsx";
import { ModelComparison } from "#app/components/marketing/model-comparison.tsx";
import { comparisonOnOverview } from "#app/lib/model-comparison.server.ts";
import type { Route } from "./+types/gcc";

const OVERVIEW_PATH = "/details/features";

const phases = gccPhases.map((p) => ({ label: p.label, path: p.path }));

export async function loader({ params, context }: Route.LoaderArgs) {
  return {
    ...sectionPage(gccPage(params.page), { label: "Global Capability Centers", path: OVERVIEW_PATH }),
    phases,
    nav: {
      label: "GCC journey",
      heading: "Your GCC journey",
      links: [{ label: "Overview", path: OVERVIEW_PATH }, ...phases],
    },
    tagline: gccTagline,
    proofHtml: await proofHtml(context, "captive"),
    comparison: await comparisonOnOverview(context, `/details/${params.page}`, OVERVIEW_PATH),
  };
}

export const meta = sectionPageMeta;

export default function GccPage({ loaderData }: Route.ComponentProps) {
  const { page, phases } = loaderData;
  return (
    <ModelPage {...loaderData} eyebrow={page.eyebrow}>
      <PageSection id="features" className="below-fold mt-16" title={page.featuresHeading}>
        <div className="mt-8">
          <FeatureGrid features={page.features} columns={page.features.length === 3 ? 3 : 2} />
        </div>
      </PageSection>
      <PageSection
        id="phases"
        className="below-fold mt-16"
        title="Three phases, one partner"
        text="Follow your centre from the first business case to steady-state operations."
      >
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
      </PageSection>
      <ModelComparison comparison={loaderData.comparison} />
    </ModelPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
