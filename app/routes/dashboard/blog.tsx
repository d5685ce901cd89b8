import { zodResolver } from "@hookform/resolvers/zod";
import * as Tabs from "@radix-ui/react-tabs";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { diffWords } from "diff";
import { History, Link2 } from "lucide-react";
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type FormEvent,
  type ReactNode,
  type Ref,
} from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Field, optionsOf, SelectField, TextAreaField } from "~/components/dashboard/field";
import { ImageUpload } from "~/components/dashboard/image-upload";
import { FormActions } from "~/components/dashboard/kit/form-actions";
import { ListScreen } from "~/components/dashboard/kit/list-screen";
import { Modal } from "~/components/dashboard/modal";
import { Spinner } from "~/components/dashboard/spinner";
import { RichTextEditor } from "~/components/dashboard/rich-text";
import { api } from "~/lib/dashboard/api";
import { consoleMeta } from "~/lib/dashboard/meta";
import { fieldErrorsOf, useConsoleMutation } from "~/lib/dashboard/mutation";
import { htmlToText } from "~/lib/html-text";
import { toast } from "~/lib/toast";
import { blogLanguages, blogPostFormSchema } from "../../../schemas/blog";
import type { BlogPreviewLink, BlogRevision, BlogRevisionSummary, BlogRow } from "../../../schemas/blog";
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
          render: (p) =>
            p.status === "published" && p.published_at && isFuture(p.published_at) ? (
              <span className="font-semibold text-amber-800">Scheduled</span>
            ) : p.status === "published" ? (
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
          render: (p) => (p.published_at ? inIndia(p.published_at) : "—"),
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
        ) : null
      }
    />
  );
}

/** Loads the article body, which the list leaves out, before opening the editor. */
function EditPost({ post, onClose }: { post: BlogRow; onClose: () => void }) {
  const full = useQuery({
    queryKey: [ENDPOINT, post.id],
    queryFn: async () =>
      (await api<{ data: BlogRow & { full_description: string } }>(`${ENDPOINT}/${post.id}`)).data,
    // The form keeps its own copy once open; a restore resets it explicitly.
    staleTime: Infinity,
  });
  if (!full.data) {
    return (
      <Modal open onClose={onClose} title={`Edit ${post.heading}`} kind="blog">
        {full.isError ? <p role="alert">Could not load the post.</p> : <Spinner label="Loading post…" />}
      </Modal>
    );
  }
  return <PostForm post={full.data} onClose={onClose} />;
}

type FormValues = z.input<typeof blogPostFormSchema>;
type FormOutput = z.output<typeof blogPostFormSchema>;
type FullPost = BlogRow & { full_description: string };

// The form's fields in the order they appear: a failed submit focuses the first one with an error.
const FIELD_ORDER = [
  "heading",
  "sub_heading",
  "feature_image",
  "image_alt_text",
  "full_description",
  "status",
  "published_at",
  "tags",
  "author",
  "language",
  "seo_title",
  "meta_description",
] as const;

// India has no daylight saving: India time is always UTC+05:30.
const IST_OFFSET_MS = 330 * 60_000;
/** "2026-12-01T04:00:00.000Z" → "2026-12-01T09:30" (what a datetime-local input shows, in India time). */
const toIndiaInput = (iso: string) => new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 16);
/** "2026-12-01T09:30" (India time) → "2026-12-01T09:30:00+05:30", which the shared schema reads. */
const fromIndiaInput = (local: string) => (local ? `${local}:00+05:30` : "");
const indiaDateTime = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});
/** Whether a time is still to come (a scheduled post's), read when the list or form renders. */
const isFuture = (iso: string) => Date.parse(iso) > Date.now();
const inIndia = (iso: string) => `${indiaDateTime.format(new Date(iso))} IST`;

function valuesOf(post: FullPost | null): FormValues {
  return {
    heading: post?.heading ?? "",
    sub_heading: post?.sub_heading ?? "",
    full_description: post?.full_description ?? "",
    feature_image: post?.feature_image ?? null,
    image_alt_text: post?.image_alt_text ?? "",
    seo_title: post?.seo_title ?? "",
    meta_description: post?.meta_description ?? "",
    tags: post?.tags ?? "",
    language: (post?.language as FormValues["language"]) ?? "English",
    author: post?.author ?? "",
    status: post?.status ?? "draft",
    published_at: post?.published_at ? fromIndiaInput(toIndiaInput(post.published_at)) : "",
  };
}

// Field passes every other prop (ref included, React 19) to its <input>; react-hook-form reads values through it.
type WithRef<P, E> = (props: P & { ref?: Ref<E> }) => ReactNode;
const Input = Field as WithRef<ComponentProps<typeof Field>, HTMLInputElement>;
const TextArea = TextAreaField as WithRef<ComponentProps<typeof TextAreaField>, HTMLTextAreaElement>;
const Select = SelectField as WithRef<ComponentProps<typeof SelectField>, HTMLSelectElement>;

function PostForm({ post, onClose }: { post: FullPost | null; onClose: () => void }) {
  const [tab, setTab] = useState<"write" | "preview" | "history">("write");
  // After a restore the Restore button goes away with its tab; the heading takes focus once Write is shown
  // (an effect, so it runs after the dialog's own focus handling of the removed button).
  const focusHeading = useRef(false);
  useEffect(() => {
    if (!focusHeading.current || tab !== "write") return;
    const heading = document.getElementById("field-heading");
    if (!heading) return;
    heading.focus();
    focusHeading.current = false;
  });
  const editorFocusRef = useRef<{ focus: () => void } | null>(null);
  const keepEditorFocus = useCallback((handle: { focus: () => void } | null) => {
    editorFocusRef.current = handle;
  }, []);
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(blogPostFormSchema),
    defaultValues: valuesOf(post),
    shouldFocusError: false,
  });
  const { register, control, formState, handleSubmit, setError, reset } = form;
  const errors = formState.errors;
  const message = (name: keyof FormValues) => errors[name]?.message;
  const save = useConsoleMutation<Record<string, unknown>>({
    request: (body) =>
      post
        ? { path: `${ENDPOINT}/${post.id}`, method: "PATCH", body }
        : { path: ENDPOINT, method: "POST", body },
    success: post ? "Post saved." : "Post created.",
    invalidate: [ENDPOINT],
    onSuccess: onClose,
  });

  /** Shows the writing tab and puts focus on the first field with an error (its message is read with it). */
  const focusFirstError = (names: string[]) => {
    const first = FIELD_ORDER.find((name) => names.includes(name));
    if (!first) return;
    setTab("write");
    requestAnimationFrame(() => {
      if (first === "full_description") editorFocusRef.current?.focus();
      else document.getElementById(`field-${first}`)?.focus();
    });
  };

  const submit = (event: FormEvent) =>
    handleSubmit(
      (data) => {
        const body = {
          ...data,
          // An untouched date is sent as "keep the stored one" (the control shows minutes, the post keeps seconds).
          published_at: formState.dirtyFields.published_at
            ? (data.published_at?.toISOString() ?? null)
            : null,
        };
        save.mutate(body, {
          onError: (error) => {
            const fields = fieldErrorsOf(error);
            for (const [name, text] of Object.entries(fields))
              if ((FIELD_ORDER as readonly string[]).includes(name))
                setError(name as keyof FormValues, { type: "server", message: text });
            focusFirstError(Object.keys(fields));
          },
        });
      },
      (invalid) => focusFirstError(Object.keys(invalid)),
    )(event);

  const values = useWatch({ control }) as FormValues;
  const scheduled =
    values.status === "published" &&
    typeof values.published_at === "string" &&
    values.published_at !== "" &&
    isFuture(values.published_at);
  const tabClass =
    "rounded-full px-4 py-1.5 text-sm font-medium bg-slate-100 text-slate-700 data-[state=active]:bg-navy-900 data-[state=active]:text-white";

  return (
    <Modal
      open
      onClose={onClose}
      title={post ? `Edit ${post.heading}` : "New post"}
      kind="blog"
      busy={save.isPending}
      dirty={formState.isDirty}
    >
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as typeof tab)}>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <Tabs.List aria-label="Editor mode" className="flex flex-wrap gap-2">
            <Tabs.Trigger value="write" className={tabClass}>
              Write
            </Tabs.Trigger>
            <Tabs.Trigger value="preview" className={tabClass}>
              Preview
            </Tabs.Trigger>
            {post ? (
              <Tabs.Trigger value="history" className={tabClass}>
                History
              </Tabs.Trigger>
            ) : null}
          </Tabs.List>
          {post ? <PreviewLink postId={post.id} /> : null}
        </div>
        <Tabs.Content value="preview" className="rounded-xl border border-slate-200 p-5">
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
          <div
            className="prose-content mt-6"
            dangerouslySetInnerHTML={{ __html: values.full_description ?? "" }}
          />
        </Tabs.Content>
        {post ? (
          <Tabs.Content value="history">
            <Revisions
              postId={post.id}
              current={values}
              onRestored={(restored) => {
                reset(valuesOf(restored));
                focusHeading.current = true;
                setTab("write");
              }}
            />
          </Tabs.Content>
        ) : null}
        {/* Kept mounted on every tab, so Save works from Preview and History too. */}
        <Tabs.Content value="write" forceMount hidden={tab !== "write"}>
          <form id="post-form" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-4 sm:col-span-2">
              <Input label="Heading" error={message("heading")} {...register("heading")} />
              <Input label="Sub heading" error={message("sub_heading")} {...register("sub_heading")} />
              <Controller
                control={control}
                name="feature_image"
                render={({ field }) => (
                  <ImageUpload
                    label="Feature image"
                    value={field.value ?? null}
                    onChange={field.onChange}
                    error={message("feature_image")}
                  />
                )}
              />
              <Input
                label="Image alt text"
                error={message("image_alt_text")}
                {...register("image_alt_text")}
              />
              <Controller
                control={control}
                name="full_description"
                render={({ field }) => (
                  <RichTextEditor
                    label="Article"
                    value={field.value ?? ""}
                    onChange={field.onChange}
                    error={message("full_description")}
                    focusRef={keepEditorFocus}
                  />
                )}
              />
            </div>
            <Select
              label="Status"
              options={optionsOf({ draft: "Draft (not public)", published: "Published" })}
              error={message("status")}
              {...register("status")}
            />
            <Controller
              control={control}
              name="published_at"
              render={({ field }) => (
                <Field
                  label="Publication date and time (India time)"
                  name="published_at"
                  type="datetime-local"
                  hint={
                    scheduled
                      ? `Scheduled: goes public on ${inIndia(String(field.value))}.`
                      : "Empty: the time you publish. A future time schedules the post."
                  }
                  value={typeof field.value === "string" ? field.value.slice(0, 16) : ""}
                  onChange={(e) => field.onChange(fromIndiaInput(e.target.value))}
                  onBlur={field.onBlur}
                  error={message("published_at")}
                />
              )}
            />
            <Input label="Tags (comma-separated)" error={message("tags")} {...register("tags")} />
            <Input label="Author" error={message("author")} {...register("author")} />
            <Select
              label="Language"
              options={languageOptions}
              error={message("language")}
              {...register("language")}
            />
            <Input
              label="SEO title (optional, up to 70 characters)"
              error={message("seo_title")}
              {...register("seo_title")}
            />
            <TextArea
              label="Meta description (optional, up to 160 characters)"
              rows={2}
              error={message("meta_description")}
              {...register("meta_description")}
            />
          </form>
        </Tabs.Content>
      </Tabs.Root>
      <FormActions
        className="mt-5 flex justify-end gap-3"
        label={scheduled ? "Schedule post" : "Save post"}
        busy={save.isPending}
        onCancel={onClose}
        form="post-form"
      />
    </Modal>
  );
}

/** Makes a signed link to this post that works without signing in for 7 days, copies it and shows it. */
function PreviewLink({ postId }: { postId: number }) {
  const [link, setLink] = useState<BlogPreviewLink | null>(null);
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    try {
      const made = (await api<{ data: BlogPreviewLink }>(`${ENDPOINT}/${postId}/preview_link`)).data;
      setLink(made);
      try {
        await navigator.clipboard.writeText(made.url);
        toast.success(`Preview link copied. It works until ${inIndia(made.expires_at)}.`);
      } catch {
        toast.success("Preview link ready: copy it from the field below the buttons.");
      }
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Could not make a preview link");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex w-full flex-col items-stretch gap-2 sm:w-auto sm:items-end">
      <button type="button" className="btn-secondary" onClick={make} disabled={busy}>
        {busy ? <Spinner /> : <Link2 aria-hidden="true" className="size-4" />} Copy preview link
      </button>
      {link ? (
        <label className="text-xs text-slate-600">
          Preview link (anyone with it can read this post until {inIndia(link.expires_at)})
          <input
            readOnly
            value={link.url}
            onFocus={(e) => e.target.select()}
            className="mt-1 w-full rounded-lg border border-slate-300 px-2 py-1 text-sm text-slate-800 sm:w-80"
          />
        </label>
      ) : null}
    </div>
  );
}

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
function Revisions({
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
    queryFn: async () => (await api<{ data: BlogRevisionSummary[] }>(`${ENDPOINT}/${postId}/revisions`)).data,
  });
  const chosen = selected ?? list.data?.[0]?.id ?? null;
  const revision = useQuery({
    queryKey: [ENDPOINT, postId, "revisions", chosen],
    enabled: chosen !== null,
    queryFn: async () =>
      (await api<{ data: BlogRevision }>(`${ENDPOINT}/${postId}/revisions/${chosen}`)).data,
  });
  const restore = useMutation({
    mutationFn: async (revisionId: number) => {
      await api(`${ENDPOINT}/${postId}/revisions/${revisionId}/restore`, { method: "POST" });
      return (await api<{ data: FullPost }>(`${ENDPOINT}/${postId}`)).data;
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
                  <span className="block font-medium text-navy-900">{inIndia(r.saved_at)}</span>
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
              From the version of {inIndia(revision.data.saved_at)} to the editor
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
