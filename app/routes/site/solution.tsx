import { sectionPage, sectionPageMeta } from "~/components/marketing/meta";
import { RouteErrorBoundary } from "~/components/marketing/page";
import { ServicePageView } from "~/components/marketing/service-page";
import { solutions } from "../../../shared/content/solutions";
import type { Route } from "./+types/solution";

// One module serves the six solution paths (route ids `solution-<path>`); the path picks the content.
export function loader({ url }: Route.LoaderArgs) {
  const pathname = url.pathname.replace(/\/+$/, "");
  return sectionPage(solutions.find((s) => s.path === pathname));
}

export const meta = sectionPageMeta;

export default function SolutionPage({ loaderData }: Route.ComponentProps) {
  return <ServicePageView page={loaderData.page} trail={loaderData.trail} eyebrow="Solutions & Offerings" />;
}

export const ErrorBoundary = RouteErrorBoundary;
