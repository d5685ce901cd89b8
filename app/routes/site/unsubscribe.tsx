import { HomeLink } from "#app/components/layout/not-found.tsx";
import type { Route } from "./+types/unsubscribe";
import { pageTitle } from "#app/lib/seo.ts";
import { UNSUBSCRIBE_PATH } from "#shared/subscription-paths.ts";

/**
 * An unsubscribe link opened in a browser: a button to confirm (a mail program's one-click POST to the same
 * address needs none; the server's POST route handles both).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  if (url.searchParams.get("done") === "1") return { state: "done" as const };
  const token = url.searchParams.get("token") ?? "";
  const topic = /^[A-Za-z0-9_-]{43}$/.test(token)
    ? await context.services.subscriptions.findByUnsubscribeToken(token)
    : null;
  return topic ? { state: "ask" as const, token, what: topic.what } : { state: "gone" as const };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Unsubscribe") },
  { name: "robots", content: "noindex" },
];

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-page grid min-h-[50vh] place-items-center py-16">
      <div className="max-w-xl text-center">
        {loaderData.state === "ask" ? (
          <>
            <h1 className="text-3xl font-bold text-navy-900">Unsubscribe?</h1>
            <p className="mt-4 text-slate-700">
              You will no longer receive {loaderData.what}, and we delete your e-mail address.
            </p>
            {/* A plain form: the server's route answers with the page below, with or without JavaScript. */}
            <form method="post" action={`${UNSUBSCRIBE_PATH}?token=${loaderData.token}`}>
              <button
                type="submit"
                className="mt-6 rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-600"
              >
                Unsubscribe
              </button>
            </form>
          </>
        ) : (
          <>
            <h1 className="text-3xl font-bold text-navy-900">You are unsubscribed</h1>
            <p className="mt-4 text-slate-700">
              We will not e-mail you again about this, and your e-mail address is deleted.
            </p>
          </>
        )}
        <p className="mt-8">
          <HomeLink className="font-semibold text-brand-700 hover:text-brand-600" />
        </p>
      </div>
    </section>
  );
}
