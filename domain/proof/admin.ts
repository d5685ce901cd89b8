import { and, asc, eq, ne } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { caseStudies, clientLogos, testimonials } from "#db/schema/index.ts";
import type { ListQuery } from "#schemas/list-query.ts";
import {
  caseStudyInputSchema,
  clientLogoInputSchema,
  testimonialInputSchema,
  type CaseStudyInput,
  type ClientLogoInput,
  type ProofStatus,
  type TestimonialInput,
} from "#schemas/proof.ts";
import { slugify } from "#shared/slug.ts";
import type { Actor, AuditService } from "../audit/service";
import { auditedTable, formWrites, pageOf } from "../audited-table";
import { DomainError } from "../errors";
import { isUniqueViolation } from "../logistics/common";
import { containsAny, orderBy } from "../sql";
import { caseStudyRow, clientLogoRow, testimonialRow } from "./rows";

type Page = Pick<ListQuery, "page" | "page_size" | "search" | "sort">;

const slugTaken = (slug: string) =>
  new DomainError(
    "conflict",
    `Another case study already has the address /case-studies/${slug}: choose another slug.`,
    {
      fields: { slug: "Another case study has this slug: choose another" },
    },
  );

/**
 * The console's case studies, testimonials and client logos: lists with every status, edits, deletes to the
 * trash and restores, each with its audit entry (domain/audited-table.ts). Public reads: ./public.ts.
 */
export function createProofAdmin(db: Database, audit: AuditService) {
  const studies = auditedTable(db, audit, {
    table: caseStudies,
    auditName: "case_study",
    what: "Case study",
    toRecord: caseStudyRow,
  });
  const quotes = auditedTable(db, audit, {
    table: testimonials,
    auditName: "testimonial",
    what: "Testimonial",
    toRecord: testimonialRow,
  });
  const logos = auditedTable(db, audit, {
    table: clientLogos,
    auditName: "client_logo",
    what: "Client logo",
    toRecord: clientLogoRow,
  });

  /** The columns of a case study from its input; `publishedAt` is kept from the first publication. */
  async function studyValues(input: CaseStudyInput, id: number | null) {
    const data = caseStudyInputSchema.parse(input);
    const slug = data.slug || slugify(data.title);
    if (!slug)
      throw new DomainError(
        "invalid",
        "Give the case study a slug: its title has no letters a-z or digits.",
        {
          fields: { slug: "Enter a slug (its title has no letters a-z or digits)" },
        },
      );
    const [clash] = await db
      .select({ id: caseStudies.id })
      .from(caseStudies)
      .where(and(eq(caseStudies.slug, slug), id === null ? undefined : ne(caseStudies.id, id)));
    if (clash) throw slugTaken(slug);
    let publishedAt: Date | null = null;
    if (data.status === "published") {
      const [before] =
        id === null
          ? []
          : await db.select({ at: caseStudies.publishedAt }).from(caseStudies).where(eq(caseStudies.id, id));
      publishedAt = before?.at ?? new Date();
    }
    return {
      slug,
      title: data.title,
      clientName: data.client_name,
      industry: data.industry,
      summary: data.summary,
      challenge: data.challenge,
      approach: data.approach,
      outcomes: data.outcomes,
      quote: data.quote,
      quoteAttribution: data.quote_attribution,
      model: data.model,
      city: data.city,
      coverImage: data.cover_image,
      coverAlt: data.cover_alt,
      status: data.status,
      publishedAt,
      sortOrder: data.sort_order,
      isExample: data.is_example,
    };
  }
  /** Two editors saving one slug at once: the unique index refuses the second, named as the check names it. */
  const slugGuard = async <R>(slug: string | undefined, write: () => Promise<R>) => {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken(slug ?? "");
      throw error;
    }
  };

  return {
    caseStudies: {
      async list(q: Page & { status?: ProofStatus }) {
        const where = and(
          q.status ? eq(caseStudies.status, q.status) : undefined,
          containsAny(q.search, [
            caseStudies.title,
            caseStudies.clientName,
            caseStudies.industry,
            caseStudies.city,
          ]),
        );
        const order = orderBy(
          q.sort,
          { title: caseStudies.title, status: caseStudies.status, sort_order: caseStudies.sortOrder },
          asc(caseStudies.sortOrder),
          caseStudies.id,
        );
        const { rows, total } = await pageOf(db, caseStudies, q, where, order);
        return { rows: rows.map(caseStudyRow), total };
      },
      get: async (id: number) => caseStudyRow(await studies.find(id)),
      async create(actor: Actor, input: CaseStudyInput) {
        const values = await studyValues(input, null);
        return slugGuard(values.slug, () => studies.create(actor, values));
      },
      async update(actor: Actor, id: number, input: CaseStudyInput) {
        await studies.find(id);
        const values = await studyValues(input, id);
        return slugGuard(values.slug, () => studies.update(actor, id, { ...values, updatedAt: new Date() }));
      },
      remove: (actor: Actor, id: number) => studies.remove(actor, id),
      restore: studies.restore,
    },

    testimonials: {
      async list(q: Page & { status?: ProofStatus }) {
        const where = and(
          q.status ? eq(testimonials.status, q.status) : undefined,
          containsAny(q.search, [testimonials.person, testimonials.company, testimonials.quote]),
        );
        const order = orderBy(
          q.sort,
          { person: testimonials.person, status: testimonials.status, sort_order: testimonials.sortOrder },
          asc(testimonials.sortOrder),
          testimonials.id,
        );
        const { rows, total } = await pageOf(db, testimonials, q, where, order);
        return { rows: rows.map(testimonialRow), total };
      },
      ...formWrites(quotes, testimonialValues),
    },

    clientLogos: {
      async list(q: Page & { approved?: "yes" | "no" }) {
        const where = and(
          q.approved ? eq(clientLogos.approved, q.approved === "yes") : undefined,
          containsAny(q.search, [clientLogos.name]),
        );
        const order = orderBy(
          q.sort,
          { name: clientLogos.name, sort_order: clientLogos.sortOrder },
          asc(clientLogos.sortOrder),
          clientLogos.id,
        );
        const { rows, total } = await pageOf(db, clientLogos, q, where, order);
        return { rows: rows.map(clientLogoRow), total };
      },
      ...formWrites(logos, logoValues),
    },
  };
}

function testimonialValues(input: TestimonialInput) {
  const data = testimonialInputSchema.parse(input);
  return {
    person: data.person,
    role: data.role,
    company: data.company,
    quote: data.quote,
    photo: data.photo,
    status: data.status,
    sortOrder: data.sort_order,
    isExample: data.is_example,
  };
}

function logoValues(input: ClientLogoInput) {
  const data = clientLogoInputSchema.parse(input);
  return {
    name: data.name,
    image: data.image,
    link: data.link,
    approved: data.approved,
    sortOrder: data.sort_order,
    isExample: data.is_example,
  };
}

export type ProofAdmin = ReturnType<typeof createProofAdmin>;
