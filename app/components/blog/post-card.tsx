import { Link } from "react-router";
import type { BlogPostSummary } from "../../../schemas/blog";
import { postPath } from "../../../shared/slug";

export function PostCard({ post, eager }: { post: BlogPostSummary; eager: boolean }) {
  const href = postPath(post.id, post.heading);
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      {post.feature_image && (
        <img
          src={post.feature_image}
          alt={post.image_alt_text}
          width={1200}
          height={630}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[1200/630] w-full bg-slate-100 object-cover"
        />
      )}
      <div className="flex flex-1 flex-col p-6">
        <h2 className="text-xl font-bold leading-snug text-navy-900">
          <Link to={href} className="hover:text-brand-700" tabIndex={-1}>
            {post.heading}
          </Link>
        </h2>
        <p className="mt-3 flex-1 leading-relaxed text-slate-600">{post.sub_heading}</p>
        <Link
          to={href}
          className="mt-5 inline-flex items-center gap-1 self-start font-semibold text-brand-700 hover:text-brand-600"
        >
          View Details<span className="sr-only"> about {post.heading}</span>
          <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}
