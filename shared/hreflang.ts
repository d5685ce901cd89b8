import { languageCodes, type BlogLanguage } from "./blog-languages";
import { postPath } from "./slug";

/** A published post of a translation group, as its alternates need it. */
export interface PublishedTranslation {
  id: number;
  heading: string;
  language: BlogLanguage;
  published_at: Date | string;
}

export interface Alternate {
  /** A language code, or "x-default". */
  hreflang: string;
  path: string;
}

/**
 * The hreflang alternates every published post of a group lists: each of them (itself included) and
 * x-default, the English one or else the first published. The same list for each member, so the set is
 * symmetric. A post with no published translation has none.
 */
export function hreflangAlternates(group: readonly PublishedTranslation[]): Alternate[] {
  if (group.length < 2) return [];
  const oldestFirst = [...group].sort(
    (a, b) => new Date(a.published_at).getTime() - new Date(b.published_at).getTime() || a.id - b.id,
  );
  const fallback = oldestFirst.find((post) => post.language === "English") ?? oldestFirst[0]!;
  return [
    ...oldestFirst.map((post) => ({
      hreflang: languageCodes[post.language],
      path: postPath(post.id, post.heading),
    })),
    { hreflang: "x-default", path: postPath(fallback.id, fallback.heading) },
  ];
}
