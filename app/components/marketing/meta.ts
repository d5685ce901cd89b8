import type { MetaDescriptor } from "react-router";
import { notFoundPage } from "../../../shared/content/pages";
import type { PageSeo } from "../../../shared/content/types";
import { absoluteUrl, breadcrumbs, DEFAULT_OG_IMAGE, seoMeta, SITE_NAME } from "../../lib/seo";

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

export function notFoundMeta(): MetaDescriptor[] {
  return [
    { title: notFoundPage.seo.title },
    { name: "description", content: notFoundPage.seo.description },
    { name: "robots", content: "noindex" },
  ];
}

/** Organization JSON-LD (schema.org data) with the contact points from the site settings, for the home page. */
export function organizationJsonLd(
  baseUrl: string,
  settings: {
    sales_email: string;
    info_email: string;
    phone_india: string;
    phone_us: string;
    address: string;
    facebook: string;
    twitter: string;
    linkedin: string;
  },
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
