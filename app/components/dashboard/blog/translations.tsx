import { useId, useState } from "react";
import type { BlogRow, BlogTranslation } from "#schemas/blog.ts";
import { blogLanguages, type BlogLanguage } from "#shared/blog-languages.ts";
import { isScheduled } from "./scheduling";

/** A post's own state: Scheduled (published, date to come), Published or Draft. */
export function PostStatus({ status, publishedAt }: { status: string; publishedAt: string | null }) {
  if (isScheduled(status, publishedAt))
    return <span className="font-semibold text-amber-800">Scheduled</span>;
  if (status === "published") return <span className="font-semibold text-brand-700">Published</span>;
  return <span className="text-slate-600">Draft</span>;
}

/** The list's "Available in" cell: each other language of the post, with that translation's own status. */
export function AvailableIn({ translations }: { translations: BlogTranslation[] }) {
  if (translations.length === 0)
    return (
      <span className="text-slate-500">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No translations</span>
      </span>
    );
  return (
    <ul className="space-y-0.5">
      {translations.map((t) => (
        <li key={t.id} className="whitespace-nowrap">
          {t.language}: <PostStatus status={t.status} publishedAt={t.published_at} />
        </li>
      ))}
    </ul>
  );
}

/** Languages the post's group has no version in yet. */
export const missingLanguages = (post: Pick<BlogRow, "language" | "translations">): BlogLanguage[] =>
  blogLanguages.filter(
    (language) => language !== post.language && !post.translations.some((t) => t.language === language),
  );

/**
 * The editor's view of a post's translations: each with its own status, a button to open it, and "Add
 * translation" into a language the group lacks (a new draft; saving it publishes nothing else).
 */
export function TranslationsPanel({
  post,
  dirty,
  onOpen,
  onAdd,
}: {
  post: BlogRow;
  dirty: boolean;
  onOpen: (id: number) => void;
  onAdd: (language: BlogLanguage) => void;
}) {
  const missing = missingLanguages(post);
  const [language, setLanguage] = useState<BlogLanguage | "">("");
  const chosen = language && missing.includes(language) ? language : missing[0];
  const selectId = useId();
  const hintId = useId();
  // Opening or adding a translation waits for the changes to be saved or discarded; the hint says so.
  const untilSaved = { disabled: dirty, "aria-describedby": dirty ? hintId : undefined };
  return (
    <section
      aria-labelledby={`${selectId}-heading`}
      className="mb-4 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm"
    >
      <h3 id={`${selectId}-heading`} className="font-semibold text-navy-900">
        Translations
      </h3>
      <ul className="mt-2 space-y-1">
        <li>
          {post.language} (this post): <PostStatus status={post.status} publishedAt={post.published_at} />
        </li>
        {post.translations.map((t) => (
          <li key={t.id} className="flex flex-wrap items-center gap-x-2">
            <span>
              {t.language}: <PostStatus status={t.status} publishedAt={t.published_at} />
            </span>
            <button
              type="button"
              className="rounded px-2 py-0.5 font-medium text-brand-700 underline underline-offset-2 hover:bg-white disabled:text-slate-500 disabled:no-underline"
              {...untilSaved}
              onClick={() => onOpen(t.id)}
            >
              Open<span className="sr-only"> the {t.language} version</span>
            </button>
          </li>
        ))}
      </ul>
      {chosen ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={selectId} className="block text-xs font-medium text-slate-700">
              Translate into
            </label>
            <select
              id={selectId}
              className="mt-1 rounded-lg border border-slate-300 px-2 py-1.5"
              value={chosen}
              onChange={(e) => setLanguage(e.target.value as BlogLanguage)}
            >
              {missing.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn-secondary px-3 py-1.5"
            {...untilSaved}
            onClick={() => onAdd(chosen)}
          >
            Add translation
          </button>
        </div>
      ) : (
        <p className="mt-2 text-slate-600">This post is in every blog language.</p>
      )}
      {dirty ? (
        <p id={hintId} className="mt-2 text-slate-600">
          Save or discard your changes to open or add a translation.
        </p>
      ) : null}
    </section>
  );
}
