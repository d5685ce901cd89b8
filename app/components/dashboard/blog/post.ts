import type { z } from "zod";
import type { BlogRow, blogPostFormSchema } from "#schemas/blog.ts";
import { blogLanguages, type BlogLanguage } from "#schemas/blog.ts";
import { fromIndiaInput, toIndiaInput } from "#shared/india-time.ts";

export const ENDPOINT = "/api/blog";
export const languageOptions = blogLanguages.map((l) => ({ value: l, label: l }));

export type FormValues = z.input<typeof blogPostFormSchema>;
export type FormOutput = z.output<typeof blogPostFormSchema>;
export type FullPost = BlogRow & { full_description: string };

export function valuesOf(post: FullPost | null): FormValues {
  return {
    heading: post?.heading ?? "",
    sub_heading: post?.sub_heading ?? "",
    full_description: post?.full_description ?? "",
    feature_image: post?.feature_image ?? null,
    image_alt_text: post?.image_alt_text ?? "",
    seo_title: post?.seo_title ?? "",
    meta_description: post?.meta_description ?? "",
    tags: post?.tags ?? "",
    language: (post?.language as FormValues["language"]) ?? "English",
    author: post?.author ?? "",
    status: post?.status ?? "draft",
    published_at: post?.published_at ? fromIndiaInput(toIndiaInput(post.published_at)) : "",
  };
}

/**
 * A new translation of `of` is written from scratch, as a draft; its picture, alt text, tags and author come
 * along (the server fills in the author too when none is sent).
 */
export interface Translating {
  of: FullPost;
  language: BlogLanguage;
}

export function translationValues({ of, language }: Translating): FormValues {
  return {
    ...valuesOf(null),
    language,
    feature_image: of.feature_image,
    image_alt_text: of.image_alt_text,
    tags: of.tags,
    author: of.author,
  };
}
