import { EditPost } from "#app/components/dashboard/blog/edit-post.tsx";
import { PostForm } from "#app/components/dashboard/blog/post-form.tsx";
import { formatDateTime, isFuture } from "#shared/india-time.ts";
import { AvailableIn, PostStatus } from "#app/components/dashboard/blog/translations.tsx";
import { ENDPOINT, languageOptions } from "#app/components/dashboard/blog/post.ts";
import { PreviewRowButton } from "#app/components/dashboard/blog/preview-link.tsx";
import { optionsOf } from "#app/components/dashboard/field.tsx";
import { ListScreen } from "#app/components/dashboard/kit/list-screen.tsx";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import type { BlogRow } from "#schemas/blog.ts";
import { postPath } from "#shared/slug.ts";

export const meta = () => consoleMeta("Blog");

export default function BlogScreen() {
  return (
    <ListScreen<BlogRow>
      title="Blog"
      endpoint={ENDPOINT}
      describe={(p) => p.heading}
      searchPlaceholder="Search heading, tags or author"
      emptyText="No posts match."
      filters={[
        {
          name: "status",
          label: "Status",
          options: optionsOf({ published: "Published", scheduled: "Scheduled", draft: "Draft" }),
        },
        { name: "language", label: "Language", options: languageOptions },
      ]}
      createLabel="New post"
      form={(post, close) =>
        post ? <EditPost post={post} onClose={close} /> : <PostForm post={null} onClose={close} />
      }
      remove={{
        noun: "post",
        message: (p) => `Delete "${p.heading}" and its comments?`,
      }}
      columns={[
        {
          key: "heading",
          header: "Heading",
          sortable: true,
          render: (p) => <span className="font-medium text-navy-900">{p.heading}</span>,
        },
        {
          key: "status",
          header: "Status",
          sortable: true,
          render: (p) => <PostStatus status={p.status} publishedAt={p.published_at} />,
        },
        { key: "language", header: "Language", render: (p) => p.language },
        // Each translation's own status: publishing one never publishes another.
        {
          key: "translations",
          header: "Available in",
          render: (p) => <AvailableIn translations={p.translations} />,
        },
        {
          key: "published_at",
          header: "Published",
          sortable: true,
          render: (p) => (p.published_at ? formatDateTime(p.published_at) : "—"),
        },
      ]}
      extraRowActions={(p) =>
        p.status === "published" && p.published_at && !isFuture(p.published_at) ? (
          <a
            className="rounded px-2 py-1 font-medium text-slate-700 hover:bg-slate-100"
            href={postPath(p.id, p.heading)}
            target="_blank"
            rel="noopener noreferrer"
          >
            View<span className="sr-only"> {p.heading} (opens in a new tab)</span>
          </a>
        ) : (
          <PreviewRowButton postId={p.id} heading={p.heading} />
        )
      }
    />
  );
}
