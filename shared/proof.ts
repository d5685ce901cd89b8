/**
 * What the public pages need of case studies without the schemas (and so without Zod in their bundle): the
 * engagement models' names, how a client is named, and a case study's address.
 */
export const engagementModelLabels = {
  captive: "Captive GCC",
  managed_teams: "Managed Teams",
  bot: "Build Operate Transfer",
} as const;
export type EngagementModelKey = keyof typeof engagementModelLabels;

/** The client as the site names it: its name, or its industry when it stays anonymous. */
export const clientOf = (c: { client_name: string; industry: string }) =>
  c.client_name || `A ${c.industry.toLowerCase()} company`;

export const caseStudyPath = (slug: string) => `/case-studies/${slug}`;
