import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DataTable } from "~/components/dashboard/data-table";
import { ConfirmModal } from "~/components/dashboard/modal";
import { RowActions, rowActionClass } from "~/components/dashboard/row-actions";
import { api } from "~/lib/dashboard/api";
import { useConsoleMutation } from "~/lib/dashboard/mutation";

export function meta() {
  return [{ title: "Comments | GCC View 360 Console" }];
}

const ENDPOINT = "/api/comments";

interface CommentRow {
  id: number;
  blog_id: number;
  blog_heading: string;
  name: string;
  email_id: string;
  comment: string;
  hidden: boolean;
  created_at: string;
}

export default function CommentsScreen() {
  const [deleting, setDeleting] = useState<CommentRow | null>(null);
  const posts = useQuery({
    queryKey: ["/api/blog", "all-for-filter"],
    queryFn: async () =>
      (await api<{ blog_data: { id: number; heading: string }[] }>("/api/blog?page_size=50")).blog_data,
  });
  const toggle = useConsoleMutation<CommentRow>({
    request: (c) => ({ path: `${ENDPOINT}/${c.id}`, method: "PATCH", body: { hidden: !c.hidden } }),
    success: "Comment updated.",
    invalidate: [ENDPOINT],
  });
  const remove = useConsoleMutation<number>({
    request: (id) => ({ path: `${ENDPOINT}/${id}`, method: "DELETE" }),
    success: "Comment deleted.",
    invalidate: [ENDPOINT],
    onSuccess: () => setDeleting(null),
  });
  return (
    <>
      <DataTable<CommentRow>
        title="Comments"
        endpoint={ENDPOINT}
        dataKey="comments"
        rowKey={(c) => c.id}
        searchPlaceholder="Search name, e-mail or text"
        emptyText="No comments match."
        filters={[
          {
            name: "blog_id",
            label: "Post",
            options: (posts.data ?? []).map((p) => ({ value: String(p.id), label: p.heading })),
          },
          {
            name: "visibility",
            label: "Visibility",
            options: [
              { value: "visible", label: "Visible" },
              { value: "hidden", label: "Hidden" },
            ],
          },
        ]}
        columns={[
          {
            key: "created_at",
            header: "Date",
            sortable: true,
            render: (c) => new Date(c.created_at).toLocaleDateString("en-IN", { dateStyle: "medium" }),
          },
          {
            key: "name",
            header: "Name",
            render: (c) => (
              <span>
                {c.name}
                <br />
                <span className="text-xs text-slate-500">{c.email_id}</span>
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
            key: "hidden",
            header: "Visibility",
            render: (c) =>
              c.hidden ? <span className="font-semibold text-amber-800">Hidden</span> : "Visible",
          },
        ]}
        rowActions={(c) => (
          <RowActions label={`comment by ${c.name}`} onDelete={() => setDeleting(c)}>
            <button
              type="button"
              className={rowActionClass}
              disabled={toggle.isPending}
              onClick={() => toggle.mutate(c)}
            >
              {c.hidden ? "Unhide" : "Hide"}
              <span className="sr-only"> comment by {c.name}</span>
            </button>
          </RowActions>
        )}
      />
      <ConfirmModal
        open={deleting !== null}
        title="Delete comment"
        message={
          deleting
            ? `Delete the comment by ${deleting.name}? Hiding keeps it for the record; deleting removes it.`
            : ""
        }
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
