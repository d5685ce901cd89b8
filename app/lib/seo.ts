import type { MetaDescriptor } from "react-router";

import type { BlogLanguage } from "#shared/blog-languages.ts";
import { SITE_NAME } from "#shared/site.ts";

export { SITE_NAME };
export const DEFAULT_OG_IMAGE = "/og-default.png";

export interface SeoInput {
  title: string;
  description: string;
  /** Path of the page, e.g. "/about-page"; combined with baseUrl for the canonical URL. */
  path: string;
  baseUrl: string;
  image?: string | null;
  imageAlt?: string;
  type?: "website" | "article" | "profile";
  /** The page's language (`og:locale`); English unless said. */
  language?: BlogLanguage;
  /** The languages the same page is also published in (`og:locale:alternate`). */
  alternateLanguages?: readonly BlogLanguage[];
  noindex?: boolean;
  /** Extra tags, e.g. article:published_time. */
  extra?: MetaDescriptor[];
}

/** Open Graph's `og:locale` of a page in each language (language_TERRITORY). */
export const ogLocales: Record<BlogLanguage, string> = { English: "en_IN", Hindi: "hi_IN", Tamil: "ta_IN" };

const TITLE_SUFFIX = ` | ${SITE_NAME}`;

/** Every public page's title: "<the page's name> | GCC View 360" (a name that already ends so is kept). */
export const pageTitle = (name: string) => (name.endsWith(TITLE_SUFFIX) ? name : `${name}${TITLE_SUFFIX}`);

export const absoluteUrl = (baseUrl: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl)
    ? pathOrUrl
    : `${baseUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;

/** Title, description, canonical link, Open Graph and Twitter card tags for one page. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const url = absoluteUrl(input.baseUrl, input.path);
  const image = absoluteUrl(input.baseUrl, input.image || DEFAULT_OG_IMAGE);
  const title = pageTitle(input.title);
  return [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: ogLocales[input.language ?? "English"] },
    ...(input.alternateLanguages ?? []).map((language) => ({
      property: "og:locale:alternate",
      content: ogLocales[language],
    })),
    { property: "og:image", content: image },
    // The default image and every post's preview (server/api/link-preview.ts) are made at this size.
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: input.imageAlt ?? SITE_NAME },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
    ...(input.noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...(input.extra ?? []),
  ];
}

/** JSON-LD as a meta descriptor; React Router renders it as an inert application/ld+json script. */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}

/** BreadcrumbList for nested pages: [["Home", "/"], ["About", "/about-page"], …]. */
export function breadcrumbs(baseUrl: string, trail: readonly (readonly [string, string])[]): MetaDescriptor {
  return jsonLd({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map(([name, path], i) => ({
      "@type": "ListItem",
      position: i + 1,
      name,
      item: absoluteUrl(baseUrl, path),
    })),
  });
}
