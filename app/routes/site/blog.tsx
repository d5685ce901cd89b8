import { data, isRouteErrorResponse, Link, useNavigation } from "react-router";
import { BLOG_PAGE_SIZE, blogTagSchema } from "#schemas/blog.ts";
import type { Route } from "./+types/blog";
import { LoadingStatus } from "#app/components/blog/loading-status.tsx";
import { PostCard } from "#app/components/blog/post-card.tsx";
import { NotFoundContent } from "#app/components/layout/not-found.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { absoluteUrl, breadcrumbs, jsonLd, pageTitle, seoMeta, SITE_NAME } from "#app/lib/seo.ts";
import { fontPreloads } from "#app/lib/i18n/fonts.ts";
import { listMessages, type ListMessages } from "#app/lib/i18n/list-messages.ts";
import { blogLanguages, languageCodes, languageOfCode } from "#shared/blog-languages.ts";
import { postPath } from "#shared/slug.ts";
import { LanguageFilter, listHref } from "#app/components/blog/language-filter.tsx";
import { BlogSubscribe } from "#app/components/subscribe/blog-subscribe.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  const raw = url.searchParams.get("page");
  // Only plain page numbers exist; anything else is not a page of this list.
  if (raw !== null && !/^[1-9]\d{0,5}$/.test(raw)) throw data(null, { status: 404 });
  const page = raw === null ? 1 : Number(raw);
  const rawTag = url.searchParams.get("tag");
  const parsedTag = rawTag === null ? null : blogTagSchema.safeParse(rawTag);
  if (parsedTag && !parsedTag.success) throw data(null, { status: 404 });
  const tag = parsedTag ? parsedTag.data : null;
  // `?lang=` is en, hi or ta: any other value is not a list of ours (a 404, like an unknown page).
  const rawLang = url.searchParams.get("lang");
  const language = rawLang === null ? null : (languageOfCode(rawLang) ?? null);
  if (rawLang !== null && language === null) throw data(null, { status: 404 });
  const filter = { tag: tag ?? undefined, language: language ?? undefined };
  const [posts, total] = await Promise.all([
    context.services.blog.listPublished({ page, pageSize: BLOG_PAGE_SIZE }, filter),
    context.services.blog.countPublished(filter),
  ]);
  const pages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  // A tag no published post carries has no list (nor a page the cache would keep).
  if (page > pages || (tag !== null && total === 0)) throw data(null, { status: 404 });
  const linked = posts.map((post) => ({ ...post, path: postPath(post.id, post.heading) }));
  // One language's list is a page in that language (root.tsx); the list of all of them is English.
  const htmlLang = language ? languageCodes[language] : undefined;
  return { posts: linked, page, pages, tag, language, htmlLang, baseUrl: context.baseUrl };
}

// A post published in the console is on the list at once: browsers check back every time (a cheap 304 while
// nothing changed) instead of reusing a copy up to a minute old (six with stale-while-revalidate). The server's
// page cache still keeps the list until the content changes.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "public, max-age=0, must-revalidate",
});

// The whole blog's feed first, then one per language. No hreflang on them: that attribute names a page's
// translations to search engines (absolute addresses, blog-post.tsx), and a feed is not one.
export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: `${SITE_NAME} Blog`, href: "/rss.xml" },
  ...blogLanguages.map((language) => ({
    rel: "alternate",
    type: "application/rss+xml",
    title: `${SITE_NAME} Blog (${language})`,
    href: `/rss.xml?lang=${languageCodes[language]}`,
  })),
];

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle("Blog") }, { name: "robots", content: "noindex" }];
  const { page, posts, tag, language, baseUrl } = loaderData;
  const path = listHref({ page, tag, language });
  const t = listMessages[language ?? "English"];
  const title =
    language !== null ? t.title(tag) : tag !== null ? `Posts tagged ${tag}` : "Blog: GCC Insights and Guides";
  const about = tag === null ? "" : ` about ${tag}`;
  return [
    // A Hindi or Tamil list draws its words in its script's faces: asked for with the stylesheet.
    ...(language ? fontPreloads(language) : []),
    ...seoMeta({
      title: page === 1 ? title : t.pageOf(title, page),
      description:
        language !== null
          ? t.description(tag)
          : tag === null
            ? "Practical articles on setting up, staffing and running a Global Capability Center in India: locations, engagement models, hiring, compliance and more."
            : `Articles${about} on setting up, staffing and running a Global Capability Center in India.`,
      path,
      baseUrl,
      language: language ?? "English",
    }),
    breadcrumbs(baseUrl, [
      [t.home, "/"],
      [t.heading, "/blog"],
    ]),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "Blog",
      name: `${SITE_NAME} Blog`,
      url: absoluteUrl(baseUrl, "/blog"),
      blogPost: posts.map((post) => ({
        "@type": "BlogPosting",
        headline: post.heading,
        inLanguage: languageCodes[post.language],
        url: absoluteUrl(baseUrl, post.path),
        ...(post.feature_image ? { image: absoluteUrl(baseUrl, post.feature_image) } : {}),
      })),
    }),
  ];
}

function BlogHeader({ t = listMessages.English }: { t?: ListMessages }) {
  return (
    <div className="bg-navy-900 py-14 text-white sm:py-20">
      <div className="container-page">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent-400">{t.eyebrow}</p>
        <h1 className="mt-2 text-4xl font-bold sm:text-5xl">{t.heading}</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-200">{t.intro}</p>
      </div>
    </div>
  );
}

function TagHeading({ tag, t, allHref }: { tag: string; t: ListMessages; allHref: string }) {
  return (
    <div className="mb-8 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
      <h2 className="text-2xl font-bold text-navy-900">{t.postsTagged(tag)}</h2>
      <Link to={allHref} className="font-semibold text-brand-700 hover:text-brand-600">
        <span aria-hidden="true">← </span>
        {t.allPosts}
      </Link>
    </div>
  );
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { posts, page, pages, tag, language } = loaderData;
  const navigation = useNavigation();
  const target = navigation.state === "loading" ? navigation.location.pathname : null;
  const t = listMessages[language ?? "English"];
  return (
    <>
      <BlogHeader t={t} />
      <section className="container-page py-12 sm:py-16" aria-label={t.articles}>
        {tag === null && <LanguageFilter current={language} t={t} />}
        {target === "/blog" ? (
          <LoadingStatus text={t.loading} />
        ) : posts.length === 0 ? (
          <p className="py-16 text-center text-lg text-slate-600">
            {language ? t.none : "No articles have been published yet. Please check back soon."}
          </p>
        ) : (
          <>
            {tag !== null && <TagHeading tag={tag} t={t} allHref={listHref({ language })} />}
            <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {posts.map((post, i) => (
                <PostCard key={post.id} post={post} eager={i < 3} belowFold={i > 0} />
              ))}
            </div>
            <Pagination
              page={page}
              pages={pages}
              href={(n) => listHref({ page: n, tag, language })}
              label={t.pages}
            />
          </>
        )}
        <BlogSubscribe language={language} />
        {target?.startsWith("/blog/") && <LoadingStatus text="Loading blog..." overlay />}
      </section>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  return (
    <>
      <BlogHeader />
      <section className="container-page py-16">
        <p
          role="alert"
          className="mx-auto max-w-xl rounded-xl border border-red-200 bg-red-50 px-6 py-4 text-center font-medium text-red-800"
        >
          Failed to load blogs.
        </p>
      </section>
    </>
  );
}
