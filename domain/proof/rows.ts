import type { caseStudies, clientLogos, testimonials } from "#db/schema/index.ts";
import type { CaseStudyRow, ClientLogoRow, TestimonialRow } from "#schemas/proof.ts";

/** The API's (and the audit log's) shape of each proof record. */
export const caseStudyRow = (r: typeof caseStudies.$inferSelect): CaseStudyRow => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  client_name: r.clientName,
  industry: r.industry,
  summary: r.summary,
  challenge: r.challenge,
  approach: r.approach,
  outcomes: r.outcomes,
  quote: r.quote,
  quote_attribution: r.quoteAttribution,
  model: r.model as CaseStudyRow["model"],
  city: r.city,
  cover_image: r.coverImage,
  cover_alt: r.coverAlt,
  status: r.status,
  published_at: r.publishedAt?.toISOString() ?? null,
  sort_order: r.sortOrder,
  is_example: r.isExample,
  updated_at: r.updatedAt.toISOString(),
});

export const testimonialRow = (r: typeof testimonials.$inferSelect): TestimonialRow => ({
  id: r.id,
  person: r.person,
  role: r.role,
  company: r.company,
  quote: r.quote,
  photo: r.photo,
  status: r.status,
  sort_order: r.sortOrder,
  is_example: r.isExample,
});

export const clientLogoRow = (r: typeof clientLogos.$inferSelect): ClientLogoRow => ({
  id: r.id,
  name: r.name,
  image: r.image,
  link: r.link,
  approved: r.approved,
  sort_order: r.sortOrder,
  is_example: r.isExample,
});
