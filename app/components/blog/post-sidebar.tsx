import { Link } from "react-router";
import type { BlogPostSummary } from "../../../schemas/blog";
import { postPath } from "../../../shared/slug";

export function PostSidebar({ tags, recent }: { tags: string[]; recent: BlogPostSummary[] }) {
  return (
    <aside className="space-y-8 lg:sticky lg:top-24 lg:self-start" aria-label="About this article">
      {tags.length > 0 && (
        <section
          aria-labelledby="tags-heading"
          className="rounded-2xl border border-slate-200 bg-slate-50 p-6"
        >
          <h2 id="tags-heading" className="text-lg font-bold text-navy-900">
            Tags
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-700"
              >
                {tag}
              </li>
            ))}
          </ul>
        </section>
      )}
      {recent.length > 0 && (
        <section aria-labelledby="recent-heading" className="rounded-2xl border border-slate-200 p-6">
          <h2 id="recent-heading" className="text-lg font-bold text-navy-900">
            Recent posts
          </h2>
          <ul className="mt-4 space-y-4">
            {recent.map((post) => (
              <li key={post.id}>
                <Link
                  to={postPath(post.id, post.heading)}
                  className="font-medium leading-snug text-navy-900 hover:text-brand-700"
                >
                  {post.heading}
                </Link>
              </li>
            ))}
          </ul>
          <Link
            to="/blog"
            className="mt-5 inline-block text-sm font-semibold text-brand-700 hover:text-brand-600"
          >
            All articles →
          </Link>
        </section>
      )}
    </aside>
  );
}
