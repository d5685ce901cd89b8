import { Link } from "react-router";
import { blogLanguages, languageCodes, type BlogLanguage } from "#shared/blog-languages.ts";
import { nativeNames } from "#app/lib/i18n/card-messages.ts";
import { listMessages, type ListMessages } from "#app/lib/i18n/list-messages.ts";

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

/**
 * Plain links (they work without script, and each list is its own cached page): all languages, or one, each
 * language named in itself and marked so (a reader looks for हिन्दी, not "Hindi").
 */
export function LanguageFilter({
  current,
  t = listMessages.English,
}: {
  current: BlogLanguage | null;
  t?: ListMessages;
}) {
  const options = [null, ...blogLanguages];
  return (
    <nav aria-label={t.languagesNav} className="mb-8">
      <ul className="flex flex-wrap gap-2">
        {options.map((language) => {
          const active = language === current;
          return (
            <li key={language ?? "all"}>
              <Link
                to={listHref({ language })}
                lang={language ? languageCodes[language] : undefined}
                hrefLang={language ? languageCodes[language] : undefined}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={`inline-block rounded-full border px-4 py-1.5 text-sm font-semibold ${
                  active
                    ? "border-navy-900 bg-navy-900 text-white"
                    : "border-slate-300 text-navy-900 hover:border-navy-900 hover:bg-slate-50"
                }`}
              >
                {language ? nativeNames[language] : t.allLanguages}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
