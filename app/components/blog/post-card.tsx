import { Link } from "react-router";
import type { BlogPostCard } from "#schemas/blog.ts";
import { FeatureImage } from "./feature-image";
import { languageCodes, languageLocales } from "#shared/blog-languages.ts";
import { cardMessages } from "#app/lib/i18n/card-messages.ts";
import { formatLongDate, timeAttribute } from "#shared/india-time.ts";

/**
 * A post on the blog list, in the post's language (its words, date and link), with that language named.
 * `post.path` comes from the loader, so the browser never needs the slug rules (and their letter tables).
 * `eager`: its image may be on the first screen. `belowFold`: its text is laid out only once the page has
 * hydrated, if it is off screen, so a Hindi or Tamil card further down does not fetch its script's font
 * ahead of the first screen's image.
 */
export function PostCard({
  post,
  eager,
  belowFold,
}: {
  post: BlogPostCard & { path: string };
  eager: boolean;
  belowFold: boolean;
}) {
  const href = post.path;
  const t = cardMessages[post.language];
  return (
    <article
      lang={languageCodes[post.language]}
      className={`group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md ${belowFold ? "below-fold" : ""}`}
    >
      <FeatureImage
        post={post}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-[1200/630] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
          <time dateTime={timeAttribute(post.published_at)}>
            {formatLongDate(post.published_at, languageLocales[post.language])}
          </time>
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
            {t.languageNames[post.language]}
          </span>
        </p>
        <h2 className="text-xl font-bold leading-snug text-navy-900">
          <Link to={href} className="hover:text-brand-700" tabIndex={-1}>
            {post.heading}
          </Link>
        </h2>
        <p className="mt-3 flex-1 leading-relaxed text-slate-600">{post.sub_heading}</p>
        <Link
          to={href}
          className="mt-5 inline-flex items-center gap-1 self-start font-semibold text-brand-700 hover:text-brand-600"
        >
          {t.viewDetails}
          <span className="sr-only">{t.viewDetailsOf(post.heading)}</span>
          <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}
