import { data, isRouteErrorResponse } from "react-router";
import { previewParams } from "#schemas/blog.ts";
import type { Route } from "./+types/blog-preview";
import { PostArticle } from "#app/components/blog/post-article.tsx";
import { languageCodes } from "#shared/blog-languages.ts";
import { pageTitle } from "#app/lib/seo.ts";
import { formatDateTime } from "#shared/india-time.ts";

// Never indexed, never stored by the page cache (no-store) or a CDN, and the token is not sent on as a referrer.
const PRIVATE_HEADERS = {
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
};

/** A draft (or scheduled post) shown through a signed, expiring link, without signing in. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = previewParams.safeParse(params);
  if (!parsed.success) throw data("invalid", { status: 403, headers: PRIVATE_HEADERS });
  const answer = await context.services.blog.getPreview(parsed.data.id, parsed.data.token);
  if (!answer) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  if (!answer.ok)
    throw data(answer.reason, { status: answer.reason === "invalid" ? 403 : 410, headers: PRIVATE_HEADERS });
  const { post, expiresAt } = answer;
  return data({ post, expiresAt, htmlLang: languageCodes[post.language] }, { headers: PRIVATE_HEADERS });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders;

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: pageTitle(loaderData ? `Preview: ${loaderData.post.heading}` : "Preview") },
  { name: "robots", content: "noindex, nofollow" },
];

export default function BlogPreview({ loaderData }: Route.ComponentProps) {
  const { post, expiresAt } = loaderData;
  return (
    <div className="container-page py-10 sm:py-14">
      <p
        role="note"
        lang="en"
        className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      >
        <strong>Preview.</strong> This post is not public yet; this link works until{" "}
        {formatDateTime(expiresAt)}.
      </p>
      <div className="max-w-3xl">
        <PostArticle post={post} />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const gone = isRouteErrorResponse(error) && error.status === 410;
  const revoked = gone && error.data === "revoked";
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-page grid min-h-[50vh] place-items-center py-16">
      <p role="alert" className="text-center text-lg font-semibold text-navy-900">
        {revoked
          ? "This preview link was replaced or revoked. Ask an editor for a new one."
          : gone
            ? "This preview link has expired. Ask an editor for a new one."
            : missing
              ? "This post no longer exists."
              : "This preview link is not valid. Ask an editor for a new one."}
      </p>
    </section>
  );
}
