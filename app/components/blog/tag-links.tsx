import { Link } from "react-router";
import type { BlogLanguage } from "#shared/blog-languages.ts";
import { listHref } from "./language-filter";

/** The list of published posts with `tag`: a Hindi or Tamil post's tags list that language's posts. */
export const tagListHref = (tag: string, language: BlogLanguage) =>
  listHref({ tag, language: language === "English" ? null : language });

/**
 * A post's tags as chips, each a link to the posts in its language with that tag. Tags are the post's own
 * (a translation is a post of its own, tagged in its language).
 */
export function TagLinks({
  tags,
  language,
  className = "",
}: {
  tags: string[];
  language: BlogLanguage;
  className?: string;
}) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={tagListHref(tag, language)}
            className="inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-200 hover:underline"
          >
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
