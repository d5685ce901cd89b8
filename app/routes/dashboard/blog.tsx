import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Field, optionsOf, SelectField, TextAreaField } from "~/components/dashboard/field";
import { ImageUpload } from "~/components/dashboard/image-upload";
import { FormActions } from "~/components/dashboard/kit/form-actions";
import { ListScreen } from "~/components/dashboard/kit/list-screen";
import { useRecordForm } from "~/components/dashboard/kit/use-record-form";
import { Modal, Spinner } from "~/components/dashboard/modal";
import { RichTextEditor } from "~/components/dashboard/rich-text";
import { api } from "~/lib/dashboard/api";
import { localDate } from "~/lib/dashboard/dates";
import { consoleMeta } from "~/lib/dashboard/meta";
import { blogLanguages, blogPostInputSchema } from "../../../schemas/blog";
import type { BlogRow } from "../../../schemas/blog";
import { postPath } from "../../../shared/slug";

export const meta = () => consoleMeta("Blog");

const ENDPOINT = "/api/blog";
const languageOptions = blogLanguages.map((l) => ({ value: l, label: l }));

export default function BlogScreen() {
  return (
    <ListScreen<BlogRow>
      title="Blog"
      endpoint={ENDPOINT}
      describe={(p) => p.heading}
      searchPlaceholder="Search heading, tags or author"
      emptyText="No posts match."
      filters={[
        { name: "status", label: "Status", options: optionsOf({ published: "Published", draft: "Draft" }) },
        { name: "language", label: "Language", options: languageOptions },
      ]}
      createLabel="New post"
      form={(post, close) =>
        post ? <EditPost post={post} onClose={close} /> : <PostForm post={null} body="" onClose={close} />
      }
      remove={{
        noun: "post",
        message: (p) => `Delete "${p.heading}" and its comments? This cannot be undone.`,
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
          render: (p) => (p.published_at ? localDate(p.published_at) : "—"),
        },
      ]}
      extraRowActions={(p) =>
        p.status === "published" ? (
          <a
            className="rounded px-2 py-1 font-medium text-slate-700 hover:bg-slate-100"
            href={postPath(p.id, p.heading)}
            target="_blank"
            rel="noopener noreferrer"
          >
            View<span className="sr-only"> {p.heading} (opens in a new tab)</span>
          </a>
        ) : null
      }
    />
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
  const form = useRecordForm({
    endpoint: ENDPOINT,
    id: post?.id ?? null,
    initial: {
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
    },
    schema: blogPostInputSchema,
    check: (v) =>
      v.feature_image && !v.image_alt_text.trim()
        ? { image_alt_text: "Describe the image for people who cannot see it" }
        : null,
    success: post ? "Post saved." : "Post created.",
    onSaved: onClose,
  });
  const { values, bind } = form;
  return (
    <Modal
      open
      onClose={onClose}
      title={post ? `Edit ${post.heading}` : "New post"}
      kind="blog"
      busy={form.save.isPending}
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
        <form id="post-form" onSubmit={form.submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-4 sm:col-span-2">
            <Field label="Heading" {...bind("heading")} />
            <Field label="Sub heading" {...bind("sub_heading")} />
            <ImageUpload label="Feature image" {...form.control("feature_image")} />
            <Field label="Image alt text" {...bind("image_alt_text")} />
            <RichTextEditor label="Article" {...form.control("full_description")} />
          </div>
          <Field label="Tags (comma-separated)" {...bind("tags")} />
          <Field label="Author" {...bind("author")} />
          <SelectField label="Language" options={languageOptions} {...bind("language")} />
          <SelectField
            label="Status"
            options={optionsOf({ draft: "Draft (not public)", published: "Published" })}
            {...bind("status")}
          />
          <Field label="SEO title (optional, up to 70 characters)" {...bind("seo_title")} />
          <TextAreaField
            label="Meta description (optional, up to 160 characters)"
            rows={2}
            {...bind("meta_description")}
          />
        </form>
      )}
      <FormActions
        className="mt-5 flex justify-end gap-3"
        label="Save post"
        busy={form.save.isPending}
        onCancel={onClose}
        disabled={tab === "preview"}
        form="post-form"
      />
    </Modal>
  );
}
