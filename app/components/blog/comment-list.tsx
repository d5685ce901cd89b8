import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { COMMENTS_PER_PAGE } from "#schemas/comment-limits.ts";
import type { PublicComment } from "#schemas/comment.ts";
import { formatCount, languageLocales, type BlogLanguage } from "#shared/blog-languages.ts";
import { messagesFor } from "#app/lib/i18n/messages.ts";
import { formatLongDate, timeAttribute } from "#shared/india-time.ts";

/** A post's address for one page of its comments: page 1 is the post itself. */
export const commentsHref = (postPath: string, page: number) =>
  page === 1 ? postPath : `${postPath}?comments=${page}`;

/**
 * One page of a post's comments (the newest COMMENTS_PER_PAGE first, `?comments=2` for the ones before
 * them), oldest first within the page. Page changes are plain links: each page is its own cacheable
 * address and works without script. Comments are people's text: rendered as text nodes only, line
 * breaks kept. The words around them are in the post's language.
 */
export function CommentList({
  comments,
  total,
  page,
  pages,
  postPath,
  language,
}: {
  comments: PublicComment[];
  total: number;
  page: number;
  pages: number;
  postPath: string;
  language: BlogLanguage;
}) {
  const t = messagesFor(language);
  const number = (n: number) => formatCount(n, language);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(page);
  // Moving between comment pages in the browser keeps the scroll position; bring the list into view.
  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus({ preventScroll: true });
  }, [page]);

  // Counted from the oldest (1) to the newest (total).
  const last = total - (page - 1) * COMMENTS_PER_PAGE;
  const first = Math.max(1, last - COMMENTS_PER_PAGE + 1);
  const link = "font-semibold text-brand-700 underline-offset-4 hover:underline";
  return (
    <section id="comments" aria-labelledby="comments-heading" className="mt-14">
      <h2
        id="comments-heading"
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-bold text-navy-900 outline-none"
      >
        {t.commentCount(total, number(total))}
      </h2>
      {total === 0 ? (
        <p className="mt-3 text-slate-600">{t.beFirst}</p>
      ) : (
        <>
          {pages > 1 && (
            <nav
              aria-label={t.commentPages}
              className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-slate-600"
            >
              <p>{t.showingComments(number(first), number(last), number(total), page === 1)}</p>
              {page < pages && (
                <Link
                  to={`${commentsHref(postPath, page + 1)}#comments`}
                  preventScrollReset
                  rel="next"
                  className={link}
                >
                  {t.olderComments}
                </Link>
              )}
              {page > 1 && (
                <Link
                  to={`${commentsHref(postPath, page - 1)}#comments`}
                  preventScrollReset
                  rel="prev"
                  className={link}
                >
                  {t.newerComments}
                </Link>
              )}
            </nav>
          )}
          <ol className="mt-6 space-y-5">
            {comments.map((c) => (
              <li
                key={c.id}
                className="rounded-xl border border-slate-200 bg-slate-50 p-5"
                data-testid="comment"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <p className="font-semibold text-navy-900">{c.name}</p>
                  <time dateTime={timeAttribute(c.created_at)} className="text-sm text-slate-600">
                    {formatLongDate(c.created_at, languageLocales[language])}
                  </time>
                </div>
                <p className="mt-2 whitespace-pre-line break-words leading-relaxed text-slate-700">
                  {c.comment}
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
