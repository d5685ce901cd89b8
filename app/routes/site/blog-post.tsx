import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
} from "react-router";
import { splitTags } from "#schemas/blog.ts";
import { COMMENTS_PER_PAGE } from "#schemas/comment-limits.ts";
import type { Route } from "./+types/blog-post";
import { CommentForm } from "#app/components/blog/comment-form.tsx";
import { commentAction } from "#app/components/blog/comment-action.server.ts";
import { CommentList, commentsHref } from "#app/components/blog/comment-list.tsx";
import { timeAttribute } from "#shared/india-time.ts";
import { LoadingStatus } from "#app/components/blog/loading-status.tsx";
import { PostArticle } from "#app/components/blog/post-article.tsx";
import { PostSidebar } from "#app/components/blog/post-sidebar.tsx";
import { TranslationLinks } from "#app/components/blog/translation-links.tsx";
import { ShareLinks } from "#app/components/ui/share-links.tsx";
import { BlogSubscribe } from "#app/components/subscribe/blog-subscribe.tsx";
import { NotFoundContent } from "#app/components/layout/not-found.tsx";
import { fontPreloads } from "#app/lib/i18n/fonts.ts";
import { messagesFor } from "#app/lib/i18n/messages.ts";
import { absoluteUrl, breadcrumbs, jsonLd, pageTitle, seoMeta, SITE_NAME } from "#app/lib/seo.ts";
import { languageCodes } from "#shared/blog-languages.ts";
import { hreflangAlternates } from "#shared/hreflang.ts";
import { parseIdSlug, postPath, postPreviewPath } from "#shared/slug.ts";

/** Which fetch failed; the error page names it (spec section 8). */
type Failure = "blog" | "comments";
const failed = (what: Failure, error: unknown) => {
  console.error(`blog page: loading ${what} failed`, error);
  return data(what, { status: 503, statusText: "Service Unavailable" });
};

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const parsed = parseIdSlug(params.idSlug);
  if (!parsed) throw data(null, { status: 404 });
  // `?comments=N`: the Nth page of comments, counted from the newest; only plain page numbers exist.
  const rawPage = url.searchParams.get("comments");
  if (rawPage !== null && !/^[1-9]\d{0,5}$/.test(rawPage)) throw data(null, { status: 404 });
  const commentPage = rawPage === null ? 1 : Number(rawPage);
  const { blog } = context.services;
  let post;
  let translations;
  try {
    post = await blog.getPublished(parsed.id);
    translations = post ? await blog.publishedTranslations(post.translation_group) : [];
  } catch (error) {
    throw failed("blog", error);
  }
  if (!post) throw data(null, { status: 404 });
  const canonical = postPath(post.id, post.heading);
  // One address per post (and per page of its comments): a wrong or missing slug, or `?comments=1`, moves
  // permanently to the right one.
  if (`/blog/${params.idSlug}` !== canonical || rawPage === "1")
    throw redirect(commentsHref(canonical, commentPage), 301);
  // The sidebar (the latest posts in the post's language) is optional; the article still shows without it.
  const recentPosts = Promise.resolve()
    .then(() => blog.listPublished({ page: 1, pageSize: 4 }, { language: post.language }))
    .catch(() => []);
  // One page of comments, never all of them: a post can collect thousands, and the page must stay small
  // enough for the page cache (docs/security.md, "Comments are paged").
  let comments;
  let commentCount;
  try {
    [comments, commentCount] = await Promise.all([
      blog.listComments({ blogId: post.id, page: commentPage, pageSize: COMMENTS_PER_PAGE }),
      blog.countComments(post.id),
    ]);
  } catch (error) {
    throw failed("comments", error);
  }
  const commentPages = Math.max(1, Math.ceil(commentCount / COMMENTS_PER_PAGE));
  if (commentPage > commentPages) throw data(null, { status: 404 });
  const recent = await recentPosts;
  return {
    post,
    tags: splitTags(post.tags),
    comments,
    commentCount,
    commentPage,
    commentPages,
    recent: recent
      .filter((p) => p.id !== post.id)
      .slice(0, 3)
      .map((p) => ({ ...p, path: postPath(p.id, p.heading) })),
    path: canonical,
    // Worked out here, like every address below: the browser never loads the slug rules.
    previewImage: postPreviewPath(post.id, post.updated_at),
    baseUrl: context.baseUrl,
    // The page is in the post's language (root.tsx), and names its translations (hreflang).
    htmlLang: languageCodes[post.language],
    alternates: hreflangAlternates(translations),
    translations: translations
      .filter((p) => p.id !== post.id)
      .map(({ id, heading, language }) => ({ id, language, path: postPath(id, heading) })),
  };
}

/** 'Leave a Reply' posted without JavaScript (components/blog/comment-action.server.ts). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const parsed = parseIdSlug(params.idSlug);
  const post = parsed && (await context.services.blog.getPublished(parsed.id));
  if (!post) throw data(null, { status: 404 });
  return commentAction(request, context, post);
}

// Comments are posted from this page and then reloaded: browsers must check back every time (a cheap
// 304 while nothing changed) instead of reusing a copy up to a minute old. A form's answer is never kept.
export const headers: Route.HeadersFunction = ({ actionHeaders }) =>
  actionHeaders.has("Cache-Control")
    ? actionHeaders
    : { "Cache-Control": "public, max-age=0, must-revalidate" };

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: `${SITE_NAME} Blog`, href: "/rss.xml" },
];

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle("Blog") }, { name: "robots", content: "noindex" }];
  const { post, tags, path, baseUrl, alternates, htmlLang } = loaderData;
  const t = messagesFor(post.language);
  const title = post.seo_title || post.heading;
  const description = post.meta_description || post.sub_heading;
  const url = absoluteUrl(baseUrl, path);
  const image = post.feature_image ? absoluteUrl(baseUrl, post.feature_image) : undefined;
  const preview = absoluteUrl(baseUrl, loaderData.previewImage);
  return [
    // The Hindi or Tamil faces, asked for with the stylesheet rather than after it (none on English posts).
    ...fontPreloads(post.language),
    // The spec's rule: the SEO title as written, else the heading; no site suffix.
    ...seoMeta({
      title,
      description,
      path,
      baseUrl,
      image: preview,
      imageAlt: post.image_alt_text || undefined,
      type: "article",
      language: post.language,
      alternateLanguages: loaderData.translations.map((other) => other.language),
    }).map((tag) => ("title" in tag ? { title } : tag)),
    { property: "article:published_time", content: timeAttribute(post.published_at) },
    { property: "article:modified_time", content: timeAttribute(post.updated_at) },
    ...(post.author ? [{ property: "article:author", content: post.author }] : []),
    ...tags.map((tag) => ({ property: "article:tag", content: tag })),
    // The same post in each published language, itself included, and the default for other readers.
    ...alternates.map((alternate) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: alternate.hreflang,
      href: absoluteUrl(baseUrl, alternate.path),
    })),
    breadcrumbs(baseUrl, [
      [t.home, "/"],
      [t.blog, "/blog"],
      [post.heading, path],
    ]),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.heading,
      description,
      inLanguage: htmlLang,
      url,
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      ...(image ? { image: [image] } : {}),
      datePublished: timeAttribute(post.published_at),
      dateModified: timeAttribute(post.updated_at),
      ...(post.author ? { author: { "@type": "Person", name: post.author } } : {}),
      publisher: {
        "@type": "Organization",
        name: SITE_NAME,
        logo: { "@type": "ImageObject", url: absoluteUrl(baseUrl, "/favicon.svg") },
      },
      ...(tags.length ? { keywords: tags.join(", ") } : {}),
      commentCount: loaderData.commentCount,
    }),
  ];
}

export default function BlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, tags, comments, commentCount, commentPage, commentPages, recent, path, baseUrl } = loaderData;
  const t = messagesFor(post.language);
  const navigation = useNavigation();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const target = navigation.state === "loading" ? navigation.location.pathname : null;
  if (target?.startsWith("/blog/") && target !== location.pathname) {
    // In the language of the page still shown (the spec's "Loading blog..." on English posts).
    return (
      <div className="container-page">
        <LoadingStatus text={t.loadingPost} />
      </div>
    );
  }
  return (
    <div className="container-page py-10 sm:py-14">
      <nav aria-label={t.breadcrumb} className="mb-6 text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to="/" className="hover:text-brand-700">
              {t.home}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/blog" className="hover:text-brand-700">
              {t.blog}
            </Link>
          </li>
        </ol>
      </nav>
      <TranslationLinks translations={loaderData.translations} language={post.language} />
      <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_320px]">
        <PostArticle post={post}>
          <div className="mt-10">
            <ShareLinks
              url={absoluteUrl(baseUrl, path)}
              title={post.heading}
              what="post"
              labels={{ heading: t.shareThisPost, newTab: t.opensInNewTab }}
            />
          </div>
          <BlogSubscribe language={post.language} />
          <CommentList
            comments={comments}
            total={commentCount}
            page={commentPage}
            pages={commentPages}
            postPath={path}
            language={post.language}
          />
          <CommentForm
            blogId={post.id}
            language={post.language}
            answer={actionData}
            // A new comment is the newest: on an older page of comments, go to the first to show it.
            onPosted={() =>
              void (commentPage === 1
                ? revalidator.revalidate()
                : navigate(`${path}#comments`, { preventScrollReset: true }))
            }
          />
        </PostArticle>
        <PostSidebar tags={tags} recent={recent} language={post.language} />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  const what: Failure = isRouteErrorResponse(error) && error.data === "comments" ? "comments" : "blog";
  return (
    <section className="container-page grid min-h-[50vh] place-items-center py-16">
      <p role="alert" className="text-center text-lg font-semibold text-red-700">
        {what === "comments"
          ? "Failed to load comments. Please try again later."
          : "Failed to load blog details. Please try again later."}
      </p>
    </section>
  );
}
