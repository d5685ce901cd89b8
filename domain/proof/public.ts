import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { caseStudies, clientLogos, testimonials } from "#db/schema/index.ts";
import type { CaseStudyCard, CaseStudyPage, EngagementModelKey } from "#schemas/proof.ts";
import { caseStudyRow, clientLogoRow, testimonialRow } from "./rows";

const published = eq(caseStudies.status, "published");

const card = (row: CaseStudyPage): CaseStudyCard => ({
  slug: row.slug,
  title: row.title,
  client_name: row.client_name,
  industry: row.industry,
  summary: row.summary,
  model: row.model,
  city: row.city,
  cover_image: row.cover_image,
  cover_alt: row.cover_alt,
  is_example: row.is_example,
  outcomes: row.outcomes.slice(0, 2),
  updated_at: row.updated_at,
});

/** What visitors see: published case studies and testimonials, and approved logos only, in display order. */
export function createProofService(db: Database) {
  const studies = async (model?: EngagementModelKey, limit?: number) => {
    const query = db
      .select()
      .from(caseStudies)
      .where(and(published, model ? eq(caseStudies.model, model) : undefined))
      .orderBy(asc(caseStudies.sortOrder), asc(caseStudies.id));
    const rows = limit ? await query.limit(limit) : await query;
    return rows.map((r) => card(caseStudyRow(r)));
  };
  return {
    listCaseStudies: () => studies(),

    async getCaseStudy(slug: string): Promise<CaseStudyPage | null> {
      const [row] = await db
        .select()
        .from(caseStudies)
        .where(and(published, eq(caseStudies.slug, slug)));
      return row ? caseStudyRow(row) : null;
    },

    /**
     * The proof blocks of a marketing page: a few case studies (of one model on that model's pages), the
     * published testimonials and the approved logos. Each list may be empty; the page then shows no block.
     */
    async blocks(options: { model?: EngagementModelKey } = {}) {
      const [cases, quotes, logos] = await Promise.all([
        studies(options.model, 3),
        db
          .select()
          .from(testimonials)
          .where(eq(testimonials.status, "published"))
          .orderBy(asc(testimonials.sortOrder), asc(testimonials.id))
          .limit(3),
        db
          .select()
          .from(clientLogos)
          .where(eq(clientLogos.approved, true))
          .orderBy(asc(clientLogos.sortOrder), asc(clientLogos.id))
          .limit(12),
      ]);
      return {
        caseStudies: cases,
        testimonials: quotes.map(testimonialRow).map(({ id: _id, status: _s, sort_order: _o, ...t }) => t),
        logos: logos
          .map(clientLogoRow)
          .map(({ name, image, link, is_example }) => ({ name, image, link, is_example })),
      };
    },
  };
}

export type ProofService = ReturnType<typeof createProofService>;
export type ProofBlocksData = Awaited<ReturnType<ProofService["blocks"]>>;
