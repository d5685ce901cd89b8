import type { PublicComment } from "../../../schemas/comment";
import { formatDate, isoDate } from "./format-date";

const countLabel = (n: number) => (n === 0 ? "No comments yet" : n === 1 ? "1 Comment" : `${n} Comments`);

/** Comments are people's text: rendered as text nodes only, line breaks kept. */
export function CommentList({ comments }: { comments: PublicComment[] }) {
  return (
    <section aria-labelledby="comments-heading" className="mt-14">
      <h2 id="comments-heading" className="text-2xl font-bold text-navy-900">
        {countLabel(comments.length)}
      </h2>
      {comments.length === 0 ? (
        <p className="mt-3 text-slate-600">Be the first to share your thoughts.</p>
      ) : (
        <ol className="mt-6 space-y-5">
          {comments.map((c) => (
            <li
              key={c.id}
              className="rounded-xl border border-slate-200 bg-slate-50 p-5"
              data-testid="comment"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="font-semibold text-navy-900">{c.name}</p>
                <time dateTime={isoDate(c.created_at)} className="text-sm text-slate-600">
                  {formatDate(c.created_at)}
                </time>
              </div>
              <p className="mt-2 whitespace-pre-line break-words leading-relaxed text-slate-700">
                {c.comment}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
