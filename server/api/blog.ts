import type { FastifyInstance } from "fastify";
import type { ZodProvider } from "../zod-provider";
import { postPath } from "#shared/slug.ts";
import { z } from "zod";
import {
  BLOG_PAGE_SIZE,
  blogPostDetailSchema,
  blogListQuerySchema,
  blogPostSummarySchema,
  type pageQuerySchema,
  type BlogPostDetail,
  type BlogPostSummary,
} from "#schemas/blog.ts";
import { recordId } from "#schemas/common.ts";
import {
  COMMENT_LIST_MAX,
  commentInputSchema,
  commentQuerySchema,
  COMMENTS_PER_PAGE,
  COMMENT_HELD_MESSAGE,
  postedCommentSchema,
  publicCommentSchema,
} from "#schemas/comment.ts";
import { recordAnswerOf } from "#schemas/api-responses.ts";
import { languageOfCode } from "#shared/blog-languages.ts";
import { hreflangAlternates, type PublishedTranslation } from "#shared/hreflang.ts";
import { DomainError } from "#domain/errors.ts";

const idParams = z.object({ id: recordId() });
const PUBLIC_CACHE = "public, max-age=60";

/** Paging from the query: both values or neither (then the whole list, as the spec's clients expect). */
function paging({ page, page_size }: z.output<typeof pageQuerySchema>) {
  return page === undefined && page_size === undefined
    ? undefined
    : { page: page ?? 1, pageSize: page_size ?? BLOG_PAGE_SIZE };
}

export async function blogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const { blog } = app.services;

  app.get(
    "/api/blog_details/",
    {
      config: { access: "public" },
      schema: { querystring: blogListQuerySchema, response: { 200: z.array(blogPostSummarySchema) } },
    },
    async (request, reply) => {
      const { tag, lang } = request.query;
      const filter = { tag, language: lang && languageOfCode(lang) };
      const pages = paging(request.query);
      if (pages) reply.header("X-Total-Count", String(await blog.countPublished(filter)));
      reply.header("Cache-Control", PUBLIC_CACHE);
      // The spec's card fields: the publication date and language stay with the site's own pages.
      const cards = await blog.listPublished(pages, filter);
      return cards.map(({ published_at: _published, language: _language, ...card }): BlogPostSummary => card);
    },
  );

  app.get(
    "/api/blog_details/:id/",
    { config: { access: "public" }, schema: { params: idParams, response: { 200: blogPostDetailSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      const post = await blog.getPublished(id);
      if (!post) throw new DomainError("not_found", "Blog post not found");
      reply.header("Cache-Control", PUBLIC_CACHE);
      const answer: BlogPostDetail = {
        id: post.id,
        heading: post.heading,
        sub_heading: post.sub_heading,
        full_description: post.full_description,
        feature_image: post.feature_image,
        image_alt_text: post.image_alt_text,
        seo_title: post.seo_title,
        meta_description: post.meta_description,
        tags: post.tags,
      };
      return answer;
    },
  );

  /**
   * The spec's plain array. Without paging parameters: the newest COMMENT_LIST_MAX comments (100), in the
   * order they were written; with `page`/`page_size` (up to 100): that page, counted from the newest. The
   * total is in X-Total-Count either way, so a client can tell when there are more.
   */
  app.get(
    "/api/blog_comments/",
    {
      config: { access: "public" },
      schema: { querystring: commentQuerySchema, response: { 200: z.array(publicCommentSchema) } },
    },
    async (request, reply) => {
      // A visitor expects their own comment in the next answer, so clients must always revalidate.
      reply.header("Cache-Control", "public, max-age=0, must-revalidate");
      const { blog_id, page, page_size } = request.query;
      const paged = page !== undefined || page_size !== undefined;
      const [comments, total] = await Promise.all([
        blog.listComments({
          blogId: blog_id,
          page: page ?? 1,
          pageSize: page_size ?? (paged ? COMMENTS_PER_PAGE : COMMENT_LIST_MAX),
        }),
        blog.countComments(blog_id),
      ]);
      reply.header("X-Total-Count", String(total));
      return comments;
    },
  );

  app.post(
    "/api/blog_comments/",
    {
      config: { access: "public", acceptedPosts: "comments" },
      schema: { body: commentInputSchema, response: { 201: recordAnswerOf(postedCommentSchema) } },
    },
    async (request, reply) => {
      const input = request.body;
      const saved = await blog.addComment(input);
      if (!saved) throw new DomainError("not_found", "This blog post does not exist or is not published.");
      return reply.status(201).send({
        success: true,
        message: saved.held ? COMMENT_HELD_MESSAGE : "Comment submitted successfully!",
        data: saved,
      });
    },
  );

  // Each post with the hreflang alternates of its translation group (the same list for every member).
  app.sitemapSources.push(async () => {
    const posts = await blog.sitemapEntries();
    const groups = new Map<number, PublishedTranslation[]>();
    for (const post of posts)
      groups.set(post.translation_group, [...(groups.get(post.translation_group) ?? []), post]);
    return posts.map((post) => ({
      path: postPath(post.id, post.heading),
      lastmod: post.updated_at,
      alternates: hreflangAlternates(groups.get(post.translation_group)!),
    }));
  });
}
