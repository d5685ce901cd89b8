import { Link } from "react-router";
import type { BlogPostSummary } from "#schemas/blog.ts";
import type { BlogLanguage } from "#shared/blog-languages.ts";
import { messagesFor } from "#app/lib/i18n/messages.ts";
import { TagLinks } from "./tag-links";

/** A post's tags and the latest other posts in its language. */
export function PostSidebar({
  tags,
  recent,
  language,
}: {
  tags: string[];
  recent: (BlogPostSummary & { path: string })[];
  language: BlogLanguage;
}) {
  const t = messagesFor(language);
  return (
    <aside className="space-y-8 lg:sticky lg:top-24 lg:self-start" aria-label={t.aboutArticle}>
      {tags.length > 0 && (
        <section
          aria-labelledby="tags-heading"
          className="rounded-2xl border border-slate-200 bg-slate-50 p-6"
        >
          <h2 id="tags-heading" className="text-lg font-bold text-navy-900">
            {t.tags}
          </h2>
          <TagLinks tags={tags} language={language} className="mt-4" />
        </section>
      )}
      {recent.length > 0 && (
        <section aria-labelledby="recent-heading" className="rounded-2xl border border-slate-200 p-6">
          <h2 id="recent-heading" className="text-lg font-bold text-navy-900">
            {t.recentPosts}
          </h2>
          <ul className="mt-4 space-y-4">
            {recent.map((post) => (
              <li key={post.id}>
                <Link to={post.path} className="font-medium leading-snug text-navy-900 hover:text-brand-700">
                  {post.heading}
                </Link>
              </li>
            ))}
          </ul>
          <Link
            to="/blog"
            className="mt-5 inline-block text-sm font-semibold text-brand-700 hover:text-brand-600"
          >
            {t.allArticles} →
          </Link>
        </section>
      )}
    </aside>
  );
}
