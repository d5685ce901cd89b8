import { zodResolver } from "@hookform/resolvers/zod";
import { request, type Body } from "#app/lib/dashboard/api.ts";
import * as Tabs from "@radix-ui/react-tabs";
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
import { Field, optionsOf, SelectField, TextAreaField } from "#app/components/dashboard/field.tsx";
import { ImageUpload } from "#app/components/dashboard/image-upload.tsx";
import { FormActions } from "#app/components/dashboard/kit/form-actions.tsx";
import { ConfirmModal, Modal } from "#app/components/dashboard/modal.tsx";
import { RichTextEditor } from "#app/components/dashboard/rich-text.tsx";
import { fieldErrorsOf, useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import { blogPostFormSchema } from "#schemas/blog.ts";
import {
  ENDPOINT,
  languageOptions,
  translationValues,
  valuesOf,
  type FormOutput,
  type FormValues,
  type FullPost,
  type Translating,
} from "./post";
import { PreviewLink } from "./preview-link";
import { Revisions } from "./revisions";
import { SourcePost } from "./source-post";
import { isScheduled, SchedulingField } from "./scheduling";
import { TranslationsPanel } from "./translations";

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

// Field passes every other prop (ref included, React 19) to its <input>; react-hook-form reads values through it.
type WithRef<P, E> = (props: P & { ref?: Ref<E> }) => ReactNode;
const Input = Field as WithRef<ComponentProps<typeof Field>, HTMLInputElement>;
const TextArea = TextAreaField as WithRef<ComponentProps<typeof TextAreaField>, HTMLTextAreaElement>;
const Select = SelectField as WithRef<ComponentProps<typeof SelectField>, HTMLSelectElement>;

/** "42 of 70 characters" under a length-limited field; over the limit it says by how much. */
function counter(value: string | null | undefined, max: number) {
  const used = (value ?? "").length;
  return used > max ? `${used} of ${max} characters: ${used - max} too many` : `${used} of ${max} characters`;
}

export function PostForm({
  post,
  onClose,
  translation,
  onOpenTranslation,
  onTranslate,
}: {
  post: FullPost | null;
  onClose: () => void;
  /** A new post that translates another one (joins its translation group). */
  translation?: Translating;
  onOpenTranslation?: (id: number) => void;
  onTranslate?: (language: Translating["language"]) => void;
}) {
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
    defaultValues: translation ? translationValues(translation) : valuesOf(post),
    shouldFocusError: false,
  });
  const { register, control, formState, handleSubmit, setError, reset } = form;
  const errors = formState.errors;
  const message = (name: keyof FormValues) => errors[name]?.message;
  const save = useConsoleMutation<Record<string, unknown>>({
    request: (body) =>
      post
        ? request("PATCH /api/blog/:id", {
            params: { id: post.id },
            body: body as Body<"PATCH /api/blog/:id">,
          })
        : request("POST /api/blog", {
            body: (translation
              ? { ...body, translation_of: translation.of.id }
              : body) as Body<"POST /api/blog">,
          }),
    success: post ? "Post saved." : translation ? "Translation created." : "Post created.",
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

  const send = (body: Record<string, unknown>) =>
    save.mutate(body, {
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        for (const [name, text] of Object.entries(fields))
          if ((FIELD_ORDER as readonly string[]).includes(name))
            setError(name as keyof FormValues, { type: "server", message: text });
        focusFirstError(Object.keys(fields));
      },
    });
  // A post going public for the first time with no date goes out at once: asked first (as Ghost does).
  const [publishNow, setPublishNow] = useState<Record<string, unknown> | null>(null);

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
        if (data.status === "published" && !data.published_at && post?.status !== "published")
          setPublishNow(body);
        else send(body);
      },
      (invalid) => focusFirstError(Object.keys(invalid)),
    )(event);

  const values = useWatch({ control }) as FormValues;
  const scheduled = isScheduled(values.status, values.published_at);
  const tabClass =
    "rounded-full px-4 py-1.5 text-sm font-medium bg-slate-100 text-slate-700 data-[state=active]:bg-navy-900 data-[state=active]:text-white";

  return (
    <Modal
      open
      onClose={onClose}
      title={
        post
          ? `Edit ${post.heading}`
          : translation
            ? `${translation.language} translation of ${translation.of.heading}`
            : "New post"
      }
      kind="blog"
      busy={save.isPending}
      dirty={formState.isDirty}
      wide={Boolean(translation)}
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
          {post && onTranslate && onOpenTranslation ? (
            <TranslationsPanel
              post={post}
              dirty={formState.isDirty}
              onOpen={onOpenTranslation}
              onAdd={onTranslate}
            />
          ) : null}
          {translation ? (
            <p role="note" className="mb-4 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
              Write the heading and the article in {translation.language}. The feature image, its alt text,
              the tags and the author come from the {translation.of.language} post; translate the alt text
              too. The translation has its own status and date: saving it changes nothing on the other posts.
            </p>
          ) : null}
          <div className={translation ? "lg:grid lg:grid-cols-2 lg:items-start lg:gap-6" : ""}>
            {translation ? <SourcePost post={translation.of} /> : null}
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
              <SchedulingField control={control} scheduled={scheduled} error={message("published_at")} />
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
                hint={counter(values.seo_title, 70)}
                error={message("seo_title")}
                {...register("seo_title")}
              />
              <TextArea
                label="Meta description (optional, up to 160 characters)"
                hint={counter(values.meta_description, 160)}
                rows={2}
                error={message("meta_description")}
                {...register("meta_description")}
              />
            </form>
          </div>
        </Tabs.Content>
      </Tabs.Root>
      <FormActions
        className="mt-5 flex justify-end gap-3"
        label={scheduled ? "Schedule post" : "Save post"}
        busy={save.isPending}
        onCancel={onClose}
        form="post-form"
      />
      <ConfirmModal
        open={publishNow !== null}
        title="Publish now?"
        message="This post has no publication date, so it goes public as soon as it is saved. To publish later, set a date and time instead."
        confirmLabel="Publish now"
        cancelLabel="Keep editing"
        tone="primary"
        onConfirm={() => {
          if (publishNow) send(publishNow);
          setPublishNow(null);
        }}
        onClose={() => setPublishNow(null)}
      />
    </Modal>
  );
}
