import type { FastifyInstance } from "fastify";
import { postPath } from "#shared/slug.ts";
import { SITE_NAME } from "#shared/site.ts";
import { splitTags } from "#schemas/blog.ts";
import { languageCodes, languageOfCode } from "#shared/blog-languages.ts";

const FEED_SIZE = 20;

const xml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );
// XML 1.0 forbids most control characters even when escaped.
// eslint-disable-next-line no-control-regex
const clean = (s: string) => xml(s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, ""));

/** RSS 2.0 feed of the latest published posts; `?lang=hi` (or `en`, `ta`): one language's feed. */
export async function rssRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { lang?: string } }>("/rss.xml", async (request, reply) => {
    const code = request.query.lang;
    const language = code === undefined ? undefined : languageOfCode(code);
    if (code !== undefined && !language)
      return reply
        .status(404)
        .type("text/plain; charset=utf-8")
        .send("No such feed: lang must be en (English), hi (Hindi) or ta (Tamil).");
    const base = await app.services.publicAddress.url();
    const posts = await app.services.blog.latestForFeed(FEED_SIZE, language);
    const self = code === undefined ? "/rss.xml" : `/rss.xml?lang=${code}`;
    const items = posts.map((post) => {
      const link = base + postPath(post.id, post.heading);
      return [
        "    <item>",
        `      <title>${clean(post.heading)}</title>`,
        `      <link>${clean(link)}</link>`,
        `      <guid isPermaLink="true">${clean(link)}</guid>`,
        `      <pubDate>${post.published_at.toUTCString()}</pubDate>`,
        `      <description>${clean(post.sub_heading)}</description>`,
        ...(post.author ? [`      <dc:creator>${clean(post.author)}</dc:creator>`] : []),
        ...splitTags(post.tags).map((tag) => `      <category>${clean(tag)}</category>`),
        "    </item>",
      ].join("\n");
    });
    const lastBuild = posts[0]?.published_at ?? new Date(0);
    reply.type("application/rss+xml; charset=utf-8").header("Cache-Control", "public, max-age=300");
    return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${clean(`${SITE_NAME} Blog${language ? ` (${language})` : ""}`)}</title>
    <link>${clean(`${base}/blog${code === undefined ? "" : `?lang=${code}`}`)}</link>
    <description>Insights on setting up and running Global Capability Centers in India.</description>
    <language>${language ? languageCodes[language] : "en"}</language>
    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>
    <atom:link href="${clean(`${base}${self}`)}" rel="self" type="application/rss+xml"/>
${items.join("\n")}
  </channel>
</rss>
`;
  });
}
