import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { blogPosts } from "#db/schema/index.ts";
import {
  blogPostCreateSchema,
  blogPostInputSchema,
  type BlogPostCreateInput,
  type BlogPostDetail,
  type BlogPostInput,
} from "#schemas/blog.ts";
import type { BlogLanguage } from "#shared/blog-languages.ts";
import { DomainError } from "../errors";
import { isUniqueViolation } from "../logistics/common";
import { sanitizeRichText } from "./sanitize";
import { groupOf } from "./visibility";

/** A group that already has a post in `lang` (other than `exceptId`) cannot take another one. */
async function languageTaken(via: Database, group: number, lang: BlogLanguage, exceptId?: number) {
  const [taken] = await via
    .select({ id: blogPosts.id, heading: blogPosts.heading })
    .from(blogPosts)
    .where(
      and(
        eq(groupOf, group),
        eq(blogPosts.language, lang),
        exceptId === undefined ? undefined : ne(blogPosts.id, exceptId),
      ),
    );
  return taken ? languageClash(lang, taken.heading) : null;
}
const languageClash = (lang: BlogLanguage, heading?: string) => {
  const message = heading
    ? `This post's translations already have a version in ${lang} ("${heading}"). Edit that post, or choose another language.`
    : `This post's translations already have a version in ${lang}. Choose another language.`;
  return new DomainError("conflict", message, { fields: { language: message } });
};
/** A write that may race another one into the same language of a group: the unique index lets one through. */
async function inOwnLanguage<T>(lang: BlogLanguage, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw languageClash(lang);
    throw error;
  }
}

function toRow(data: ReturnType<typeof blogPostInputSchema.parse>) {
  return {
    heading: data.heading,
    subHeading: data.sub_heading,
    fullDescription: sanitizeRichText(data.full_description),
    featureImage: data.feature_image,
    imageAltText: data.image_alt_text,
    seoTitle: data.seo_title,
    metaDescription: data.meta_description,
    tags: data.tags,
    language: data.language,
    author: data.author,
    status: data.status,
  };
}

/**
 * The publication date an edit stores: the one given; left out, the stored one (stamped now on a first
 * publishing); sent empty, "the time you publish": a scheduled post's future date becomes now.
 */
function publicationOf(data: ReturnType<typeof blogPostInputSchema.parse>) {
  if (data.published_at) return data.published_at;
  const published = data.status === "published";
  if (data.published_at === undefined)
    return published ? sql`coalesce(${blogPosts.publishedAt}, now())` : blogPosts.publishedAt;
  return published ? sql`least(coalesce(${blogPosts.publishedAt}, now()), now())` : null;
}

function detail(row: typeof blogPosts.$inferSelect): BlogPostDetail & { status: string } {
  return {
    id: row.id,
    heading: row.heading,
    sub_heading: row.subHeading,
    full_description: row.fullDescription,
    feature_image: row.featureImage,
    image_alt_text: row.imageAltText,
    seo_title: row.seoTitle,
    meta_description: row.metaDescription,
    tags: row.tags,
    status: row.status,
  };
}

/** An editor's writes of a post: created (perhaps as another's translation) and replaced. */
export function createPostWrites(db: Database) {
  return {
    /**
     * Creates a post; the HTML body is sanitised before it is stored. A given `published_at` is kept (a
     * future one schedules the post), else publishing stamps the current time. With `translation_of` the post
     * joins that post's translation group, in a language the group does not have yet, by the source's author
     * unless another is named; no other post of the group changes. `via`: the caller's transaction.
     */
    async create(
      input: BlogPostCreateInput,
      via: Database = db,
    ): Promise<BlogPostDetail & { status: string }> {
      const data = blogPostCreateSchema.parse(input);
      let translationGroup: number | null = null;
      let author = data.author;
      if (data.translation_of !== undefined) {
        const [source] = await via
          .select({ group: groupOf, author: blogPosts.author })
          .from(blogPosts)
          .where(eq(blogPosts.id, data.translation_of));
        if (!source)
          throw new DomainError(
            "not_found",
            "The post to translate no longer exists. Refresh the list and try again.",
          );
        translationGroup = source.group;
        const clash = await languageTaken(via, translationGroup, data.language);
        if (clash) throw clash;
        // A translation is by the source's author unless the editor names another.
        if (!author) author = source.author;
      }
      const [row] = await inOwnLanguage(data.language, () =>
        via
          .insert(blogPosts)
          .values({
            ...toRow({ ...data, author }),
            translationGroup,
            publishedAt: data.published_at ?? (data.status === "published" ? new Date() : null),
          })
          .returning(),
      );
      return detail(row!);
    },

    /**
     * Replaces a post's fields. A given `published_at` replaces the date (and can schedule the post);
     * without one, publishing for the first time stamps the publication date; an emptied one unschedules.
     */
    async update(
      id: number,
      input: BlogPostInput,
      via: Database = db,
    ): Promise<(BlogPostDetail & { status: string }) | null> {
      const data = blogPostInputSchema.parse(input);
      const [current] = await via.select({ group: groupOf }).from(blogPosts).where(eq(blogPosts.id, id));
      if (!current) return null;
      const clash = await languageTaken(via, current.group, data.language, id);
      if (clash) throw clash;
      const [row] = await inOwnLanguage(data.language, () =>
        via
          .update(blogPosts)
          .set({
            ...toRow(data),
            publishedAt: publicationOf(data),
            updatedAt: new Date(),
          })
          .where(eq(blogPosts.id, id))
          .returning(),
      );
      return row ? detail(row) : null;
    },
  };
}
