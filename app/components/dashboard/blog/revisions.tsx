import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { diffWords } from "diff";
import { History } from "lucide-react";
import { useState } from "react";
import { Spinner } from "#app/components/dashboard/spinner.tsx";
import { call } from "#app/lib/dashboard/api.ts";
import { htmlToText } from "#app/lib/html-text.ts";
import { toast } from "#app/lib/toast.tsx";
import { REVISION_DAYS_KEPT, REVISIONS_KEPT, type BlogRevision } from "#schemas/blog.ts";
import { formatDateTime } from "#shared/india-time.ts";
import { ENDPOINT, type FormValues, type FullPost } from "./post";

const DIFFED: { key: keyof BlogRevision & keyof FormValues; label: string; html?: boolean }[] = [
  { key: "heading", label: "Heading" },
  { key: "sub_heading", label: "Sub heading" },
  { key: "full_description", label: "Article", html: true },
  { key: "feature_image", label: "Feature image" },
  { key: "image_alt_text", label: "Image alt text" },
  { key: "tags", label: "Tags" },
  { key: "author", label: "Author" },
  { key: "language", label: "Language" },
  { key: "seo_title", label: "SEO title" },
  { key: "meta_description", label: "Meta description" },
];

/** Text to compare: an article's words (its images as their alt text), any other field as it is. */
const comparable = (value: unknown, html = false) => {
  const text = typeof value === "string" ? value : "";
  return html ? htmlToText(text.replace(/<img\b[^>]*\balt="([^"]*)"[^>]*>/gi, " [image: $1] ")) : text;
};

/** The post's saved versions, a word diff of one against the editor's version, and one-click restore. */
export function Revisions({
  postId,
  current,
  onRestored,
}: {
  postId: number;
  current: FormValues;
  onRestored: (post: FullPost) => void;
}) {
  const client = useQueryClient();
  const [selected, setSelected] = useState<number | null>(null);
  const list = useQuery({
    queryKey: [ENDPOINT, postId, "revisions"],
    queryFn: async () => (await call("GET /api/blog/:id/revisions", { params: { id: postId } })).data,
  });
  const chosen = selected ?? list.data?.[0]?.id ?? null;
  const revision = useQuery({
    queryKey: [ENDPOINT, postId, "revisions", chosen],
    enabled: chosen !== null,
    queryFn: async () =>
      (await call("GET /api/blog/:id/revisions/:revisionId", { params: { id: postId, revisionId: chosen! } }))
        .data,
  });
  const restore = useMutation({
    mutationFn: async (revisionId: number) => {
      await call("POST /api/blog/:id/revisions/:revisionId/restore", { params: { id: postId, revisionId } });
      return (await call("GET /api/blog/:id", { params: { id: postId } })).data;
    },
    onSuccess: async (restored) => {
      toast.success("Revision restored.");
      setSelected(null);
      await client.invalidateQueries({ queryKey: [ENDPOINT] });
      onRestored(restored);
    },
    onError: (error) => toast.error(error.message),
  });

  if (list.isError) return <p role="alert">Could not load the history of this post.</p>;
  if (!list.data) return <Spinner label="Loading history…" />;
  if (list.data.length === 0) return <p className="text-slate-600">No saved versions yet.</p>;
  const changes = revision.data
    ? DIFFED.map((field) => ({
        ...field,
        parts: diffWords(
          comparable(revision.data[field.key], field.html),
          comparable(current[field.key], field.html),
        ),
      })).filter((field) => field.parts.some((part) => part.added || part.removed))
    : [];

  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-medium text-slate-700">Saved versions (India time)</legend>
        <p className="mb-2 text-xs text-slate-600">
          Kept: the last {REVISIONS_KEPT} saves, and the last save of each day for {REVISION_DAYS_KEPT} days.
        </p>
        <ul className="grid max-h-80 gap-1 overflow-y-auto">
          {list.data.map((r) => (
            <li key={r.id}>
              <label
                className={`flex cursor-pointer gap-2 rounded-lg border px-3 py-2 text-sm ${r.id === chosen ? "border-navy-900 bg-slate-50" : "border-slate-200"}`}
              >
                <input
                  type="radio"
                  name="revision"
                  value={r.id}
                  checked={r.id === chosen}
                  onChange={() => setSelected(r.id)}
                />
                <span className="min-w-0">
                  <span className="block font-medium text-navy-900">{formatDateTime(r.saved_at)}</span>
                  <span className="block truncate text-slate-600">
                    {r.saved_by} · {r.status === "published" ? "Published" : "Draft"}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <section aria-label="Changes" className="min-w-0" aria-busy={revision.isFetching || undefined}>
        {revision.data ? (
          <>
            <h3 className="font-semibold text-navy-900">
              From the version of {formatDateTime(revision.data.saved_at)} to the editor
            </h3>
            <p className="text-sm text-slate-600">
              <del className="bg-red-100 text-red-900">Removed</del> since then,{" "}
              <ins className="bg-green-100 text-green-900 no-underline">added</ins> since then.
            </p>
            {changes.length === 0 ? (
              <p className="mt-3 text-slate-700">The editor holds the same words as this version.</p>
            ) : (
              <dl className="mt-3 grid gap-3">
                {changes.map((field) => (
                  <div key={field.key}>
                    <dt className="text-sm font-medium text-slate-700">{field.label}</dt>
                    {/* Plain text parts: React escapes them, so nothing from the post is ever run as HTML. */}
                    <dd className="mt-1 whitespace-pre-wrap break-words rounded-lg border border-slate-200 p-2 text-sm">
                      {field.parts.map((part, i) =>
                        part.removed ? (
                          <del key={i} className="bg-red-100 text-red-900">
                            {part.value}
                          </del>
                        ) : part.added ? (
                          <ins key={i} className="bg-green-100 text-green-900 no-underline">
                            {part.value}
                          </ins>
                        ) : (
                          <span key={i}>{part.value}</span>
                        ),
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            <button
              type="button"
              className="btn-primary mt-4"
              disabled={restore.isPending}
              onClick={() => restore.mutate(revision.data.id)}
            >
              {restore.isPending ? <Spinner /> : <History aria-hidden="true" className="size-4" />} Restore
              this version
            </button>
            <p className="mt-2 text-xs text-slate-600">
              Restoring saves this version&apos;s words as a new version (status and date stay); unsaved edits
              are replaced.
            </p>
          </>
        ) : revision.isError ? (
          <p role="alert">Could not load this version.</p>
        ) : (
          <Spinner label="Loading version…" />
        )}
      </section>
    </div>
  );
}
