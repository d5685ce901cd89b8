import type { products } from "./products";
import type { solutions } from "./solutions";
import type { FooterColumn, NavEntry, NavLink, SitePath } from "./types";
import { CAREERS_PATH } from "../paths";

/**
 * Links that mirror a content collection one-to-one, in the same order.
 * Labels and paths are checked against the source data at compile time (type-only imports keep this
 * file free of runtime dependencies), so renaming or reordering a solution or product without
 * updating the menu is a type error.
 */
type LinksFor<T extends readonly { readonly path: string; readonly shortTitle: string }[]> = {
  readonly [K in keyof T]: {
    readonly label: T[K] extends { readonly shortTitle: infer L } ? L : never;
    readonly path: T[K] extends { readonly path: infer P } ? P : never;
  };
};

export const solutionLinks = [
  { label: "Consulting & Advisory", path: "/consulting-services" },
  { label: "Managed Services", path: "/managed-services" },
  { label: "Workspace Solutions", path: "/workspace-solution" },
  { label: "Talent Management", path: "/talent-solution" },
  { label: "Smart Talent Acquisition", path: "/smart-talent" },
  { label: "AI-Led Talent Supply", path: "/ailed-service" },
] as const satisfies LinksFor<typeof solutions> & readonly NavLink[];

export const productLinks = [
  { label: "Click 100", path: "/products/click-100" },
  { label: "Advantage plus", path: "/products/advantage-plus" },
] as const satisfies LinksFor<typeof products> & readonly NavLink[];

export const modelLinks = [
  { label: "Global Capability Center", path: "/details/initiation" },
  { label: "Build Operate Transfer", path: "/build-operator/initiation" },
  { label: "Managed Teams", path: "/managed-teams/relationship" },
] as const satisfies readonly NavLink[];

export const aboutLinks = [
  { label: "About Us", path: "/about-page" },
  { label: "Leadership", path: "/leadership-page" },
  { label: "Case studies", path: "/case-studies" },
] as const satisfies readonly NavLink[];

export const blogLink = { label: "Blog", path: "/blog" } as const satisfies NavLink;
export const careersLink = { label: "Careers", path: CAREERS_PATH } as const satisfies NavLink;
export const contactLink = { label: "Contact", path: "/contact" } as const satisfies NavLink;
/** The call to action in the header and the home hero: straight to the contact form from the first screen. */
export const expertCta = {
  label: "Talk to an expert",
  path: "/contact#contact-form",
} as const satisfies { label: string; path: `${SitePath}#${string}` };

/** Header menu: dropdown groups followed by single links. */
export const mainNav = [
  { label: "Models", items: modelLinks },
  { label: "Solutions", items: solutionLinks },
  { label: "Products", items: productLinks },
  { label: "About", items: aboutLinks },
  blogLink,
  careersLink,
  contactLink,
] as const satisfies readonly NavEntry[];

export const footerColumns = [
  { heading: "Engagement Models", links: modelLinks },
  { heading: "Solutions", links: solutionLinks },
  { heading: "Products", links: productLinks },
  {
    heading: "Company",
    links: [...aboutLinks, blogLink, careersLink, { label: "Contact Us", path: "/contact" }],
  },
] as const satisfies readonly FooterColumn[];
