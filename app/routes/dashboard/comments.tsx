import { useQuery } from "@tanstack/react-query";
import { EmailLink } from "#app/components/dashboard/contact-links.tsx";
import { optionsOf } from "#app/components/dashboard/field.tsx";
import { ListScreen } from "#app/components/dashboard/kit/list-screen.tsx";
import { rowActionClass } from "#app/components/dashboard/row-actions.tsx";
import { listAll, request } from "#app/lib/dashboard/api.ts";
import { formatDate } from "#shared/india-time.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import type { CommentRow } from "#schemas/comment.ts";
import type { CommentStatus } from "#schemas/comment-limits.ts";

export const meta = () => consoleMeta("Comments");

const ENDPOINT = "/api/comments";

/** Held comments wait for an editor (links, or a first comment from the address); only published ones are public. */
const STATUS_LABELS: Record<CommentStatus, string> = {
  held: "Awaiting moderation",
  published: "Published",
  rejected: "Rejected",
};

export default function CommentsScreen() {
  const posts = useQuery({
    queryKey: ["/api/blog", "all-for-filter"],
    queryFn: ({ signal }) => listAll("GET /api/blog", "blog_data", signal),
  });
  const toggle = useConsoleMutation<CommentRow>({
    request: (c) => request("PATCH /api/comments/:id", { params: { id: c.id }, body: { hidden: !c.hidden } }),
    success: "Comment updated.",
    invalidate: [ENDPOINT],
  });
  const moderation = (status: "published" | "rejected", success: string) => ({
    request: (c: CommentRow) =>
      request("PATCH /api/comments/:id", { params: { id: c.id }, body: { status } }),
    success,
    invalidate: [ENDPOINT],
  });
  const approve = useConsoleMutation<CommentRow>(
    moderation("published", "Comment approved: it is on the site."),
  );
  const reject = useConsoleMutation<CommentRow>(
    moderation("rejected", "Comment rejected: it stays off the site."),
  );
  return (
    <ListScreen<CommentRow>
      title="Comments"
      endpoint={ENDPOINT}
      describe={(c) => `comment by ${c.name}`}
      searchPlaceholder="Search name, e-mail or text"
      emptyText="No comments match."
      filters={[
        {
          name: "blog_id",
          label: "Post",
          options: (posts.data ?? []).map((p) => ({ value: String(p.id), label: p.heading })),
        },
        {
          // The moderation queue is "held" (the editors' digest links to it).
          name: "status",
          label: "Moderation",
          options: optionsOf(STATUS_LABELS),
        },
        {
          name: "visibility",
          label: "Visibility",
          options: optionsOf({ visible: "Visible", hidden: "Hidden" }),
        },
      ]}
      remove={{
        noun: "comment",
        message: (c) =>
          `Delete the comment by ${c.name}? Hiding keeps it for the record; deleting removes it.`,
      }}
      columns={[
        { key: "created_at", header: "Date", sortable: true, render: (c) => formatDate(c.created_at) },
        {
          key: "name",
          primary: true,
          header: "Name",
          render: (c) => (
            <span>
              {c.name}
              <br />
              <span className="text-xs">
                <EmailLink email={c.email_id} />
              </span>
            </span>
          ),
        },
        {
          key: "comment",
          header: "Comment",
          className: "max-w-md",
          render: (c) => <p className="line-clamp-3 whitespace-pre-wrap">{c.comment}</p>,
        },
        { key: "blog", header: "Post", render: (c) => c.blog_heading },
        {
          key: "status",
          header: "Moderation",
          render: (c) =>
            c.status === "held" ? (
              <span className="font-semibold text-amber-800">{STATUS_LABELS.held}</span>
            ) : (
              STATUS_LABELS[c.status]
            ),
        },
        {
          key: "hidden",
          header: "Visibility",
          render: (c) =>
            c.hidden ? <span className="font-semibold text-amber-800">Hidden</span> : "Visible",
        },
      ]}
      extraRowActions={(c) => {
        const action = (
          label: string,
          mutation: { isPending: boolean; mutate: (comment: CommentRow) => void },
        ) => (
          <button
            type="button"
            className={rowActionClass}
            disabled={mutation.isPending}
            onClick={() => mutation.mutate(c)}
          >
            {label}
            <span className="sr-only"> comment by {c.name}</span>
          </button>
        );
        return (
          <>
            {c.status !== "published" ? action("Approve", approve) : null}
            {c.status === "held" ? action("Reject", reject) : null}
            {action(c.hidden ? "Unhide" : "Hide", toggle)}
          </>
        );
      }}
    />
  );
}
