import { Link } from "react-router";
import type { Route } from "./+types/subscribe";
import { subscribeAction } from "#app/components/subscribe/subscribe-action.server.ts";
import { LanguageChoice } from "#app/components/subscribe/blog-subscribe.tsx";
import { SubscriptionForm } from "#app/components/subscribe/subscription-form.tsx";
import { pageTitle } from "#app/lib/seo.ts";
import { CAREERS_PATH } from "#shared/paths.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Subscribe") },
  { name: "robots", content: "noindex" },
];

/** A Subscribe or job-alert form posted without JavaScript (and the fetcher's posts with it). */
export async function action({ request, context }: Route.ActionArgs) {
  return subscribeAction(request, context);
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : { "Cache-Control": "no-store" };

/** Where a form posted without JavaScript answers: the same words as in place, the form again to fix it. */
export default function Subscribe({ actionData }: Route.ComponentProps) {
  const jobs = actionData && "values" in actionData && actionData.values.kind === "jobs";
  const search = actionData && "values" in actionData ? actionData.values.search : "";
  return (
    <section className="container-page max-w-xl py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-navy-900">{jobs ? "Job alerts" : "Subscribe to the blog"}</h1>
      <p className="mt-3 text-slate-700">
        {jobs
          ? "We e-mail you when a job like this opens. Your address is used for this and nothing else."
          : "New posts by e-mail, in the language you choose. Your address is used for this and nothing else."}
      </p>
      <div className="mt-6">
        <SubscriptionForm
          id="subscribe"
          hidden={jobs ? { kind: "jobs", search } : { kind: "blog" }}
          answer={actionData}
          button={jobs ? "Tell me" : "Subscribe"}
        >
          {!jobs && (
            <LanguageChoice
              id="subscribe"
              selected={actionData && "values" in actionData ? actionData.values.language : undefined}
            />
          )}
        </SubscriptionForm>
      </div>
      <p className="mt-8">
        <Link
          to={jobs ? CAREERS_PATH : "/blog"}
          className="font-semibold text-brand-700 hover:text-brand-600"
        >
          <span aria-hidden="true">← </span>
          {jobs ? "Back to open positions" : "Back to the blog"}
        </Link>
      </p>
    </section>
  );
}
