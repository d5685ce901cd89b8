import { data } from "react-router";
import { pageMeta, type Crumb } from "~/components/marketing/meta";
import { RouteErrorBoundary } from "~/components/marketing/page";
import { ServicePageView } from "~/components/marketing/service-page";
import { solutions } from "../../../shared/content/solutions";
import type { Route } from "./+types/solution";

// One module serves the six solution paths (route ids `solution-<path>`); the path picks the content.
export function loader({ request }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname.replace(/\/+$/, "");
  const solution = solutions.find((s) => s.path === pathname);
  if (!solution) throw data(null, { status: 404 });
  const trail: Crumb[] = [
    ["Home", "/"],
    [solution.title, solution.path],
  ];
  return { solution, trail };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    loaderData && { seo: loaderData.solution.seo, path: loaderData.solution.path, trail: loaderData.trail },
  );
}

export default function SolutionPage({ loaderData }: Route.ComponentProps) {
  return (
    <ServicePageView page={loaderData.solution} trail={loaderData.trail} eyebrow="Solutions & Offerings" />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
