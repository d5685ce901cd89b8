import { CheckCircle2 } from "lucide-react";
import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/careers-applied";
import { notFoundTitle } from "#app/components/marketing/meta.ts";
import { ogLocales, pageTitle } from "#app/lib/seo.ts";
import { CAREERS_PATH, jobPath } from "#shared/paths.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  // The general application's confirmation (for no particular job).
  if (url.searchParams.get("general") === "1" && !url.searchParams.has("jobId"))
    return { jobId: null, title: null, general: true };
  const raw = url.searchParams.get("jobId");
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) {
    throw data(null, { status: 404 });
  }
  // A job closed since keeps its confirmation; its title is only left out.
  const job = await context.services.careers.getOpenJobPage(Number(raw));
  return { jobId: Number(raw), title: job?.title ?? null, general: false };
}

export const meta: Route.MetaFunction = ({ error }) => [
  {
    title:
      isRouteErrorResponse(error) && error.status === 404 ? notFoundTitle : pageTitle("Application received"),
  },
  { property: "og:locale", content: ogLocales.English },
  { name: "robots", content: "noindex" },
];

// In the site's frame, so that the not-found page's title (above) goes with it.
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/marketing/page.tsx";

export default function ApplicationReceived({ loaderData }: Route.ComponentProps) {
  // The same page for a first and a repeat application: it must not tell anyone who applied where.
  const { jobId, title, general } = loaderData;
  const what = title ? ` for ${title}` : "";
  const sameDay = general ? "for a general application" : "for this position";
  const contact = general
    ? "will contact you when an opening matches your profile"
    : "will contact you if your profile matches the role";
  return (
    <section className="container-page grid min-h-[50vh] place-items-center py-16">
      <div className="max-w-xl text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-brand-700" />
        <h1 className="mt-4 text-3xl font-bold text-navy-900">Application received</h1>
        <p className="mt-4 text-slate-700">
          Thank you for applying{what}. We have received your application and CV. A confirmation is on its way
          to your e-mail, unless we already sent you one {sameDay} today. Our hiring team reviews every
          application and {contact}.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={CAREERS_PATH} className="btn-primary">
            See all open positions
          </Link>
          {title && jobId !== null && (
            <Link to={jobPath(jobId)} className="btn-secondary">
              Back to the job
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
