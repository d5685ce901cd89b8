import { Link } from "react-router";
import { listHref } from "./language-filter";

/** The list of published posts with `tag`. */
export const tagListHref = (tag: string) => listHref({ tag });

/** A post's tags as chips, each a link to the posts with that tag. */
export function TagLinks({ tags, className = "" }: { tags: string[]; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={tagListHref(tag)}
            className="inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-200 hover:underline"
          >
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
