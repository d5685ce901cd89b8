import type { FastifyInstance } from "fastify";
import type { Alternate } from "#shared/hreflang.ts";
import { staticPublicPaths } from "#shared/content/public-paths.ts";
import { CAREERS_PATH } from "#shared/paths.ts";

export interface SitemapEntry {
  path: string;
  lastmod?: Date;
  /** The page in other languages (hreflang), itself included; written as xhtml:link. */
  alternates?: Alternate[];
}

declare module "fastify" {
  interface FastifyInstance {
    /** Areas with database-backed public pages (blog, careers) add their entries here. */
    sitemapSources: Array<() => Promise<SitemapEntry[]>>;
  }
}

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

export async function seoRoutes(app: FastifyInstance) {
  app.get("/robots.txt", async (_request, reply) => {
    reply.type("text/plain; charset=utf-8").header("Cache-Control", "public, max-age=3600");
    return `User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /api/\n\nSitemap: ${await app.services.publicAddress.url()}/sitemap.xml\n`;
  });

  app.get("/sitemap.xml", async (_request, reply) => {
    const dynamic = (await Promise.all(app.sitemapSources.map((source) => source()))).flat();
    const base = await app.services.publicAddress.url();
    const entries: SitemapEntry[] = [...new Set(staticPublicPaths)].map((path) => ({ path })).concat(dynamic);
    const body = entries
      .map((e) => {
        const alternates = (e.alternates ?? []).map(
          (a) =>
            `<xhtml:link rel="alternate" hreflang="${xmlEscape(a.hreflang)}" href="${xmlEscape(base + a.path)}"/>`,
        );
        return `  <url><loc>${xmlEscape(base + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ""}${alternates.join("")}</url>`;
      })
      .join("\n");
    reply.type("application/xml; charset=utf-8").header("Cache-Control", "public, max-age=300");
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
  });

  // Friendly aliases for the spec's routes.
  const aliases: Record<string, string> = {
    "/careers": CAREERS_PATH,
    "/about": "/about-page",
    "/leadership": "/leadership-page",
  };
  for (const [from, to] of Object.entries(aliases)) {
    app.get(from, async (_request, reply) => reply.redirect(to, 301));
  }
}
