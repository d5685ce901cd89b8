import { data, type MetaDescriptor } from "react-router";
import { notFoundPage } from "#shared/content/pages.ts";
import type { PageSeo } from "#shared/content/types.ts";
import type { SiteSettings } from "#schemas/settings.ts";
import {
  absoluteUrl,
  breadcrumbs,
  DEFAULT_OG_IMAGE,
  ogLocales,
  pageTitle,
  seoMeta,
  SITE_NAME,
} from "#app/lib/seo.ts";

/** A breadcrumb: [name, path]. */
export type Crumb = readonly [name: string, path: string];

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The public base URL from the root loader, for canonical and Open Graph URLs. */
export function baseUrlFrom(matches: readonly (MatchLike | undefined)[]): string {
  const root = matches.find((match) => match?.id === "root");
  return (root?.loaderData as { baseUrl?: string } | undefined)?.baseUrl ?? "";
}

export interface MetaPage {
  seo: PageSeo;
  /** Canonical path of the page. */
  path: string;
  /** Breadcrumb trail from Home to this page, for the BreadcrumbList JSON-LD. */
  trail?: readonly Crumb[];
}

/** Title, description, canonical, OG/Twitter (default 1200×630 image) and BreadcrumbList for a marketing page. */
export function pageMeta(
  matches: readonly (MatchLike | undefined)[],
  page: MetaPage | undefined,
  extra: MetaDescriptor[] = [],
): MetaDescriptor[] {
  if (!page) return notFoundMeta();
  const baseUrl = baseUrlFrom(matches);
  return [
    ...seoMeta({ title: page.seo.title, description: page.seo.description, path: page.path, baseUrl }),
    ...(page.trail && page.trail.length > 1 ? [breadcrumbs(baseUrl, page.trail)] : []),
    ...extra,
  ];
}

export const notFoundTitle = pageTitle(notFoundPage.seo.title);

export function notFoundMeta(): MetaDescriptor[] {
  return [
    { title: notFoundTitle },
    { name: "description", content: notFoundPage.seo.description },
    { property: "og:locale", content: ogLocales.English },
    { name: "robots", content: "noindex" },
  ];
}

/** Organization JSON-LD (schema.org data) with the contact points from the site settings, for the home page. */
export function organizationJsonLd(
  baseUrl: string,
  settings: Pick<
    SiteSettings,
    | "sales_email"
    | "info_email"
    | "phone_india"
    | "phone_us"
    | "address"
    | "facebook"
    | "twitter"
    | "linkedin"
  >,
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: `${baseUrl}/`,
    logo: absoluteUrl(baseUrl, "/favicon.svg"),
    image: absoluteUrl(baseUrl, DEFAULT_OG_IMAGE),
    email: settings.info_email,
    address: { "@type": "PostalAddress", streetAddress: settings.address, addressCountry: "IN" },
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "sales",
        email: settings.sales_email,
        telephone: settings.phone_india,
        areaServed: "IN",
        availableLanguage: ["English", "Hindi"],
      },
      {
        "@type": "ContactPoint",
        contactType: "customer service",
        email: settings.info_email,
        telephone: settings.phone_us,
        areaServed: "US",
        availableLanguage: "English",
      },
    ],
    sameAs: [settings.linkedin, settings.twitter, settings.facebook],
  };
}

/** Home › page for a top-level page or a section's overview; Home › the section › page for a page under it. */
export function sectionTrail(
  page: { title: string; path: string },
  section?: { label: string; path: string },
): Crumb[] {
  const home: Crumb = ["Home", "/"];
  return !section || page.path === section.path
    ? [home, [page.title, page.path]]
    : [home, [section.label, section.path], [page.title, page.path]];
}

/** The meta of a page whose loader answers `{ page, trail }` (the model and solution pages). */
export const sectionPageMeta = ({
  loaderData,
  matches,
}: {
  loaderData?: { page: { seo: PageSeo; path: string }; trail: readonly Crumb[] };
  matches: readonly (MatchLike | undefined)[];
}) =>
  pageMeta(
    matches,
    loaderData && { seo: loaderData.page.seo, path: loaderData.page.path, trail: loaderData.trail },
  );

/** A loader's answer for a page of shared/content with its trail; a missing page is the not-found page (404). */
export function sectionPage<TPage extends { title: string; path: string }>(
  page: TPage | null | undefined,
  section?: { label: string; path: string },
) {
  if (!page) throw data(null, { status: 404 });
  return { page, trail: sectionTrail(page, section) };
}

/**
 * A model's page at `path` among its pages, under the model's name, with a side menu of `menuPages` (all of
 * the model's pages unless the overview is left to the breadcrumb).
 */
export function modelSectionPage<TPage extends { title: string; path: string; menuLabel: string }>(
  pages: readonly TPage[],
  path: string,
  section: { label: string; path: string },
  nav: { label: string; heading: string; headingPath?: string },
  menuPages: readonly TPage[] = pages,
) {
  return {
    ...sectionPage(
      pages.find((p) => p.path === path),
      section,
    ),
    eyebrow: section.label,
    nav: { ...nav, links: menuPages.map((p) => ({ label: p.menuLabel, path: p.path })) },
  };
}
