import { Link } from "react-router";
import { blogLanguages, languageCodes, type BlogLanguage } from "#shared/blog-languages.ts";

/** The address of a page of the blog list: all posts, or those with a tag, in a language, or both. */
export function listHref({
  page = 1,
  tag = null,
  language = null,
}: {
  page?: number;
  tag?: string | null;
  language?: BlogLanguage | null;
}) {
  const query = [
    ...(tag === null ? [] : [`tag=${encodeURIComponent(tag)}`]),
    ...(language === null ? [] : [`lang=${languageCodes[language]}`]),
    ...(page === 1 ? [] : [`page=${page}`]),
  ];
  return query.length === 0 ? "/blog" : `/blog?${query.join("&")}`;
}

/** Plain links (they work without script, and each list is its own cached page): all languages, or one. */
export function LanguageFilter({ current }: { current: BlogLanguage | null }) {
  const options = [null, ...blogLanguages];
  return (
    <nav aria-label="Languages" className="mb-8">
      <ul className="flex flex-wrap gap-2">
        {options.map((language) => {
          const active = language === current;
          return (
            <li key={language ?? "all"}>
              <Link
                to={listHref({ language })}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={`inline-block rounded-full border px-4 py-1.5 text-sm font-semibold ${
                  active
                    ? "border-navy-900 bg-navy-900 text-white"
                    : "border-slate-300 text-navy-900 hover:border-navy-900 hover:bg-slate-50"
                }`}
              >
                {language ?? "All languages"}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
