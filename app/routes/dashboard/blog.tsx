import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { DataTable } from "~/components/dashboard/data-table";
import { Field, SelectField, TextAreaField } from "~/components/dashboard/field";
import { ImageUpload } from "~/components/dashboard/image-upload";
import { ConfirmModal, Modal, Spinner } from "~/components/dashboard/modal";
import { RowActions } from "~/components/dashboard/row-actions";
import { RichTextEditor } from "~/components/dashboard/rich-text";
import { api } from "~/lib/dashboard/api";
import { fieldErrorsOf, useConsoleMutation } from "~/lib/dashboard/mutation";
import { postPath } from "../../../shared/slug";
import type { blogStatuses } from "../../../schemas/blog";
import { blogLanguages, blogPostInputSchema } from "../../../schemas/blog";
import { fieldErrors } from "../../../schemas/validation";

export function meta() {
  return [{ title: "Blog | GCC View 360 Console" }];
}

const ENDPOINT = "/api/blog";

export interface BlogRow {
  id: number;
  heading: string;
  sub_heading: string;
  status: (typeof blogStatuses)[number];
  language: (typeof blogLanguages)[number];
  author: string;
  tags: string;
  feature_image: string | null;
  image_alt_text: string;
  seo_title: string | null;
  meta_description: string | null;
  published_at: string | null;
  updated_at: string;
}

export default function BlogScreen() {
  const [editing, setEditing] = useState<BlogRow | "new" | null>(null);
  const [deleting, setDeleting] = useState<BlogRow | null>(null);
  const remove = useConsoleMutation<number>({
    request: (id) => ({ path: `${ENDPOINT}/${id}`, method: "DELETE" }),
    success: "Post deleted.",
    invalidate: [ENDPOINT],
    onSuccess: () => setDeleting(null),
  });
  return (
    <>
      <DataTable<BlogRow>
        title="Blog"
        endpoint={ENDPOINT}
        dataKey="blog"
        rowKey={(p) => p.id}
        searchPlaceholder="Search heading, tags or author"
        emptyText="No posts match."
        filters={[
          {
            name: "status",
            label: "Status",
            options: [
              { value: "published", label: "Published" },
              { value: "draft", label: "Draft" },
            ],
          },
          {
            name: "language",
            label: "Language",
            options: blogLanguages.map((l) => ({ value: l, label: l })),
          },
        ]}
        actions={
          <button type="button" className="btn-primary" onClick={() => setEditing("new")}>
            New post
          </button>
        }
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
            render: (p) =>
              p.status === "published" ? (
                <span className="font-semibold text-brand-700">Published</span>
              ) : (
                <span className="text-slate-600">Draft</span>
              ),
          },
          { key: "language", header: "Language", render: (p) => p.language },
          {
            key: "published_at",
            header: "Published",
            sortable: true,
            render: (p) =>
              p.published_at
                ? new Date(p.published_at).toLocaleDateString("en-IN", { dateStyle: "medium" })
                : "—",
          },
        ]}
        rowActions={(p) => (
          <RowActions label={p.heading} onEdit={() => setEditing(p)} onDelete={() => setDeleting(p)}>
            {p.status === "published" ? (
              <a
                className="rounded px-2 py-1 font-medium text-slate-700 hover:bg-slate-100"
                href={postPath(p.id, p.heading)}
                target="_blank"
                rel="noopener noreferrer"
              >
                View<span className="sr-only"> {p.heading} (opens in a new tab)</span>
              </a>
            ) : null}
          </RowActions>
        )}
      />
      {editing === "new" ? (
        <PostForm post={null} body="" onClose={() => setEditing(null)} />
      ) : editing ? (
        <EditPost post={editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmModal
        open={deleting !== null}
        title="Delete post"
        message={deleting ? `Delete "${deleting.heading}" and its comments? This cannot be undone.` : ""}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

/** Loads the article body, which the list leaves out, before opening the editor. */
function EditPost({ post, onClose }: { post: BlogRow; onClose: () => void }) {
  const full = useQuery({
    queryKey: [ENDPOINT, post.id],
    queryFn: async () => (await api<{ data: { full_description: string } }>(`${ENDPOINT}/${post.id}`)).data,
  });
  if (!full.data) {
    return (
      <Modal open onClose={onClose} title={`Edit ${post.heading}`} kind="blog">
        {full.isError ? <p role="alert">Could not load the post.</p> : <Spinner label="Loading post…" />}
      </Modal>
    );
  }
  return <PostForm post={post} body={full.data.full_description} onClose={onClose} />;
}

function PostForm({ post, body, onClose }: { post: BlogRow | null; body: string; onClose: () => void }) {
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [values, setValues] = useState({
    heading: post?.heading ?? "",
    sub_heading: post?.sub_heading ?? "",
    full_description: body,
    feature_image: post?.feature_image ?? null,
    image_alt_text: post?.image_alt_text ?? "",
    seo_title: post?.seo_title ?? "",
    meta_description: post?.meta_description ?? "",
    tags: post?.tags ?? "",
    language: post?.language ?? "English",
    author: post?.author ?? "",
    status: post?.status ?? "draft",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useConsoleMutation<typeof values>({
    request: (b) =>
      post
        ? { path: `${ENDPOINT}/${post.id}`, method: "PATCH", body: b }
        : { path: ENDPOINT, method: "POST", body: b },
    success: post ? "Post saved." : "Post created.",
    invalidate: [ENDPOINT],
    onSuccess: onClose,
  });
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = blogPostInputSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    if (values.feature_image && !values.image_alt_text.trim())
      return setErrors({ image_alt_text: "Describe the image for people who cannot see it" });
    setErrors({});
    save.mutate(values, { onError: (e) => setErrors(fieldErrorsOf(e)) });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={post ? `Edit ${post.heading}` : "New post"}
      kind="blog"
      busy={save.isPending}
    >
      <div role="tablist" aria-label="Editor mode" className="mb-4 flex gap-2">
        {(["write", "preview"] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ${tab === t ? "bg-navy-900 text-white" : "bg-slate-100 text-slate-700"}`}
          >
            {t === "write" ? "Write" : "Preview"}
          </button>
        ))}
      </div>
      {tab === "preview" ? (
        <article className="rounded-xl border border-slate-200 p-5">
          {values.feature_image ? (
            <img
              src={values.feature_image}
              alt={values.image_alt_text}
              className="max-h-[400px] w-full rounded-lg object-cover"
            />
          ) : null}
          <h1 className="mt-4 text-3xl font-bold text-navy-900">{values.heading || "Untitled"}</h1>
          <p className="mt-2 text-lg text-slate-600">{values.sub_heading}</p>
          {/* The editor's own schema-limited HTML; the server sanitises it again on save. */}
          <div className="prose-content mt-6" dangerouslySetInnerHTML={{ __html: values.full_description }} />
        </article>
      ) : (
        <form id="post-form" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <Field
              label="Heading"
              name="heading"
              value={values.heading}
              error={errors.heading}
              onChange={set("heading")}
            />
          </div>
          <div className="sm:col-span-2">
            <Field
              label="Sub heading"
              name="sub_heading"
              value={values.sub_heading}
              error={errors.sub_heading}
              onChange={set("sub_heading")}
            />
          </div>
          <div className="sm:col-span-2">
            <ImageUpload
              label="Feature image"
              value={values.feature_image}
              error={errors.feature_image}
              onChange={(feature_image) => setValues((v) => ({ ...v, feature_image }))}
            />
          </div>
          <div className="sm:col-span-2">
            <Field
              label="Image alt text"
              name="image_alt_text"
              value={values.image_alt_text}
              error={errors.image_alt_text}
              onChange={set("image_alt_text")}
            />
          </div>
          <div className="sm:col-span-2">
            <RichTextEditor
              label="Article"
              value={values.full_description}
              error={errors.full_description}
              onChange={(html) => setValues((v) => ({ ...v, full_description: html }))}
            />
          </div>
          <Field
            label="Tags (comma-separated)"
            name="tags"
            value={values.tags}
            error={errors.tags}
            onChange={set("tags")}
          />
          <Field
            label="Author"
            name="author"
            value={values.author}
            error={errors.author}
            onChange={set("author")}
          />
          <SelectField
            label="Language"
            name="language"
            value={values.language}
            onChange={set("language")}
            options={blogLanguages.map((l) => ({ value: l, label: l }))}
          />
          <SelectField
            label="Status"
            name="status"
            value={values.status}
            onChange={set("status")}
            options={[
              { value: "draft", label: "Draft (not public)" },
              { value: "published", label: "Published" },
            ]}
          />
          <Field
            label="SEO title (optional, up to 70 characters)"
            name="seo_title"
            value={values.seo_title}
            error={errors.seo_title}
            onChange={set("seo_title")}
          />
          <TextAreaField
            label="Meta description (optional, up to 160 characters)"
            name="meta_description"
            rows={2}
            value={values.meta_description}
            error={errors.meta_description}
            onChange={set("meta_description")}
          />
        </form>
      )}
      <div className="mt-5 flex justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Cancel
        </button>
        <button
          type="submit"
          form="post-form"
          className="btn-primary"
          disabled={save.isPending || tab === "preview"}
        >
          {save.isPending ? <Spinner /> : null} Save post
        </button>
      </div>
    </Modal>
  );
}
