import { CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/subscribe-confirmed";
import { pageTitle } from "#app/lib/seo.ts";
import { languageOfCode } from "#shared/blog-languages.ts";
import { CAREERS_PATH } from "#shared/paths.ts";

export async function loader({ url }: Route.LoaderArgs) {
  const kind = url.searchParams.get("kind");
  const language = languageOfCode(url.searchParams.get("lang") ?? "") ?? null;
  return { kind: kind === "blog" || kind === "jobs" ? kind : null, language };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Subscription") },
  { name: "robots", content: "noindex" },
];

/** Where a confirmation link lands (the server confirmed it and redirected here). */
export default function SubscriptionConfirmed({ loaderData }: Route.ComponentProps) {
  const { kind, language } = loaderData;
  return (
    <section className="container-page grid min-h-[50vh] place-items-center py-16">
      <div className="max-w-xl text-center">
        {kind ? (
          <>
            <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-brand-700" />
            <h1 className="mt-4 text-3xl font-bold text-navy-900">You are subscribed</h1>
            <p className="mt-4 text-slate-700">
              {kind === "blog"
                ? `We will e-mail you each new post${language ? ` in ${language}` : ""}.`
                : "We will e-mail you when a job like the one you searched for opens."}{" "}
              Every e-mail has a link to unsubscribe in one click.
            </p>
          </>
        ) : (
          <>
            <h1 className="text-3xl font-bold text-navy-900">This link has expired</h1>
            <p className="mt-4 text-slate-700">
              A confirmation link works once, for 7 days. If you are not subscribed yet, subscribe again and
              we will send you a new link.
            </p>
          </>
        )}
        <p className="mt-8">
          <Link
            to={kind === "jobs" ? CAREERS_PATH : "/blog"}
            className="font-semibold text-brand-700 hover:text-brand-600"
          >
            {kind === "jobs" ? "See the open positions" : "Read the blog"}
          </Link>
        </p>
      </div>
    </section>
  );
}
