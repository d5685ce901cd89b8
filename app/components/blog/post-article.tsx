import type { ReactNode } from "react";
import type { BlogArticle } from "#schemas/blog.ts";
import { FeatureImage } from "./feature-image";
import { languageLocales } from "#shared/blog-languages.ts";
import { formatLongDate, timeAttribute } from "#shared/india-time.ts";

/** A post's image, heading, byline and body: the same on the public page and on a draft's preview link. */
export function PostArticle({ post, children }: { post: BlogArticle; children?: ReactNode }) {
  return (
    <article className="min-w-0">
      <FeatureImage
        post={post}
        // The largest paint of a post: ask for it before the fonts the page also preloads.
        fetchPriority="high"
        className="max-h-[400px] w-full rounded-2xl bg-slate-100 object-cover"
      />
      <header className="mt-8">
        <h1 className="text-3xl font-bold leading-tight text-navy-900 sm:text-4xl">{post.heading}</h1>
        {post.sub_heading && (
          <p className="mt-4 text-lg leading-relaxed text-slate-600 sm:text-xl">{post.sub_heading}</p>
        )}
        <p className="mt-5 text-sm text-slate-600">
          {post.author && <span className="font-semibold text-navy-900">{post.author}</span>}
          {post.author && <span aria-hidden="true"> · </span>}
          <time dateTime={timeAttribute(post.published_at)}>
            {formatLongDate(post.published_at, languageLocales[post.language])}
          </time>
        </p>
      </header>
      {/* Sanitised on the server with an allowlist (domain/blog/sanitize.ts) before it gets here. */}
      <div
        className="prose-content mt-8 text-lg"
        dangerouslySetInnerHTML={{ __html: post.full_description }}
      />
      {children}
    </article>
  );
}
