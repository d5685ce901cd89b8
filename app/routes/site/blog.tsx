import { data, isRouteErrorResponse, useNavigation } from "react-router";
import { BLOG_PAGE_SIZE } from "../../../schemas/blog";
import type { Route } from "./+types/blog";
import { LoadingStatus } from "~/components/blog/loading-status";
import { PostCard } from "~/components/blog/post-card";
import { NotFoundContent } from "~/components/layout/not-found";
import { Pagination } from "~/components/ui/pagination";
import { absoluteUrl, breadcrumbs, jsonLd, seoMeta, SITE_NAME } from "~/lib/seo";
import { postPath } from "../../../shared/slug";

const blogPageHref = (page: number) => (page === 1 ? "/blog" : `/blog?page=${page}`);

export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("page");
  // Only plain page numbers exist; anything else is not a page of this list.
  if (raw !== null && !/^[1-9]\d{0,5}$/.test(raw)) throw data(null, { status: 404 });
  const page = raw === null ? 1 : Number(raw);
  const [posts, total] = await Promise.all([
    context.services.blog.listPublished({ page, pageSize: BLOG_PAGE_SIZE }),
    context.services.blog.countPublished(),
  ]);
  const pages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  if (page > pages) throw data(null, { status: 404 });
  return { posts, page, pages, baseUrl: context.baseUrl };
}

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: `${SITE_NAME} Blog`, href: "/rss.xml" },
];

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Blog | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  const { page, posts, baseUrl } = loaderData;
  const path = blogPageHref(page);
  return [
    ...seoMeta({
      title: page === 1 ? "Blog: GCC Insights and Guides" : `Blog: GCC Insights and Guides (page ${page})`,
      description:
        "Practical articles on setting up, staffing and running a Global Capability Center in India: locations, engagement models, hiring, compliance and more.",
      path,
      baseUrl,
    }),
    breadcrumbs(baseUrl, [
      ["Home", "/"],
      ["Blog", "/blog"],
    ]),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "Blog",
      name: `${SITE_NAME} Blog`,
      url: absoluteUrl(baseUrl, "/blog"),
      blogPost: posts.map((post) => ({
        "@type": "BlogPosting",
        headline: post.heading,
        url: absoluteUrl(baseUrl, postPath(post.id, post.heading)),
        ...(post.feature_image ? { image: absoluteUrl(baseUrl, post.feature_image) } : {}),
      })),
    }),
  ];
}

function BlogHeader() {
  return (
    <div className="bg-navy-900 py-14 text-white sm:py-20">
      <div className="container-page">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent-400">Insights</p>
        <h1 className="mt-2 text-4xl font-bold sm:text-5xl">Blog</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-200">
          Practical guidance on planning, building and running a Global Capability Center in India.
        </p>
      </div>
    </div>
  );
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { posts, page, pages } = loaderData;
  const navigation = useNavigation();
  const target = navigation.state === "loading" ? navigation.location.pathname : null;
  return (
    <>
      <BlogHeader />
      <section className="container-page py-12 sm:py-16" aria-label="Articles">
        {target === "/blog" ? (
          <LoadingStatus text="Loading blogs..." />
        ) : posts.length === 0 ? (
          <p className="py-16 text-center text-lg text-slate-600">
            No articles have been published yet. Please check back soon.
          </p>
        ) : (
          <>
            <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {posts.map((post, i) => (
                <PostCard key={post.id} post={post} eager={i < 3} />
              ))}
            </div>
            <Pagination page={page} pages={pages} href={blogPageHref} label="Blog pages" />
          </>
        )}
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
