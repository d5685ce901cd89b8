import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { languageCodes, type BlogLanguage } from "#shared/blog-languages.ts";
import type { FullPost } from "./post";

/**
 * The post being translated, read-only beside the translation's editor: a column of its own on a laptop
 * (always shown), a section above the form on a phone that opens and closes with its button.
 */
export function SourcePost({ post }: { post: FullPost }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <section
      aria-labelledby={`${bodyId}-title`}
      className="mb-4 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm lg:sticky lg:top-0 lg:mb-0 lg:max-h-[calc(100dvh-12rem)] lg:overflow-y-auto"
    >
      <h3 id={`${bodyId}-title`} className="font-semibold text-navy-900">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-2 text-left lg:hidden"
        >
          <span>The {post.language} post</span>
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform ${open ? "rotate-180" : ""}`}
          />
        </button>
        <span className="max-lg:hidden">The {post.language} post</span>
      </h3>
      <div id={bodyId} className={`mt-3 ${open ? "" : "max-lg:hidden"}`}>
        <p className="text-base font-bold text-navy-900" lang={langOf(post.language)}>
          {post.heading}
        </p>
        {post.sub_heading ? <p className="mt-1 text-slate-600">{post.sub_heading}</p> : null}
        {post.author ? <p className="mt-1 text-xs text-slate-500">By {post.author}</p> : null}
        {/* Stored HTML, sanitised by the server when it was saved (as the public page shows it). */}
        <div
          className="prose-content mt-3"
          lang={langOf(post.language)}
          dangerouslySetInnerHTML={{ __html: post.full_description }}
        />
      </div>
    </section>
  );
}

const langOf = (language: string) => languageCodes[language as BlogLanguage] ?? "en";
