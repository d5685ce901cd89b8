import type { FastifyInstance } from "fastify";
import {
  caseStudyInputSchema,
  caseStudyRowSchema,
  clientLogoInputSchema,
  clientLogoRowSchema,
  logoListQuerySchema,
  proofListQuerySchema,
  testimonialInputSchema,
  testimonialRowSchema,
} from "#schemas/proof.ts";
import { caseStudyPath } from "#schemas/proof.ts";
import { crudRoutes, plural } from "./crud";

/** Console endpoints for the site's proof: case studies, testimonials and client logos (editors and admins). */
export async function proofRoutes(app: FastifyInstance) {
  const { proof, proofAdmin } = app.services;
  // Each published case study's page is in the sitemap.
  app.sitemapSources.push(async () =>
    (await proof.listCaseStudies()).map((c) => ({
      path: caseStudyPath(c.slug),
      lastmod: new Date(c.updated_at),
    })),
  );
  const caseStudy = caseStudyInputSchema.strict();
  crudRoutes(app, {
    path: "/api/case_studies",
    dataKey: "case_studies",
    access: "editor",
    listQuery: proofListQuerySchema,
    record: caseStudyRowSchema,
    input: caseStudy,
    update: caseStudy,
    messages: {
      created: "Case study created.",
      updated: "Case study saved.",
      deleted: "Case study deleted.",
      restored: (n) => `${plural(n, "case study", "case studies")} restored.`,
    },
    service: proofAdmin.caseStudies,
  });
  const testimonial = testimonialInputSchema.strict();
  crudRoutes(app, {
    path: "/api/testimonials",
    dataKey: "testimonials",
    access: "editor",
    listQuery: proofListQuerySchema,
    record: testimonialRowSchema,
    input: testimonial,
    update: testimonial,
    messages: {
      created: "Testimonial added.",
      updated: "Testimonial saved.",
      deleted: "Testimonial deleted.",
      restored: (n) => `${plural(n, "testimonial")} restored.`,
    },
    service: proofAdmin.testimonials,
  });
  const logo = clientLogoInputSchema.strict();
  crudRoutes(app, {
    path: "/api/client_logos",
    dataKey: "client_logos",
    access: "editor",
    listQuery: logoListQuerySchema,
    record: clientLogoRowSchema,
    input: logo,
    update: logo,
    messages: {
      created: "Client logo added.",
      updated: "Client logo saved.",
      deleted: "Client logo deleted.",
      restored: (n) => `${plural(n, "client logo")} restored.`,
    },
    service: proofAdmin.clientLogos,
  });
}
