import { sectionPage, sectionPageMeta } from "#app/components/marketing/meta.ts";
import { RouteErrorBoundary } from "#app/components/marketing/page.tsx";
import { ServicePageView } from "#app/components/marketing/service-page.tsx";
import { solutions } from "#shared/content/solutions.ts";
import { proofHtml } from "#app/components/proof/proof-html.server.tsx";
import { withFigures } from "#shared/figures.ts";
import type { Route } from "./+types/solution";

// One module serves the six solution paths (route ids `solution-<path>`); the path picks the content.
export async function loader({ url, context }: Route.LoaderArgs) {
  const pathname = url.pathname.replace(/\/+$/, "");
  const { figures } = await context.services.settings.get();
  const solution = solutions.find((s) => s.path === pathname);
  // Figures the copy quotes come from the site settings (shared/figures.ts).
  return { ...sectionPage(solution && withFigures(solution, figures)), proofHtml: await proofHtml(context) };
}

export const meta = sectionPageMeta;

export default function SolutionPage({ loaderData }: Route.ComponentProps) {
  return (
    <ServicePageView
      page={loaderData.page}
      trail={loaderData.trail}
      eyebrow="Solutions & Offerings"
      proofHtml={loaderData.proofHtml}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
