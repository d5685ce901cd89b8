import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId, useState, type FormEvent } from "react";
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Undo2,
} from "lucide-react";
import { toast } from "#app/lib/toast.tsx";
import { Field } from "./field";
import { uploadImage } from "./image-upload";
import { Modal } from "./modal";
import { Spinner } from "./spinner";

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  /** Receives a handle that focuses the editor (a form moves focus to its first error). */
  focusRef?: (handle: { focus: () => void } | null) => void;
}

/** A link an article may carry: http(s), mailto or a path on this site; the server's sanitiser agrees. */
export function linkProblem(href: string): string | null {
  const value = href.trim();
  if (!value) return "Enter the link address";
  if (/^\/(?!\/)\S*$/.test(value)) return null;
  if (/^mailto:[^\s@]+@[^\s@]+\.[^\s@]+$/i.test(value)) return null;
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      if (url.hostname.includes(".") || url.hostname === "localhost") return null;
    } catch {
      // Falls through to the message below.
    }
  }
  return "Use an address starting with https://, http://, mailto: or / (a page of this site)";
}

/** TipTap editor for article and job bodies; the server sanitises whatever HTML it produces. */
export default function RichTextEditor({ label, value, onChange, error, focusRef }: RichTextEditorProps) {
  const [dialog, setDialog] = useState<"link" | "image" | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, protocols: ["http", "https", "mailto"] },
      }),
      // Uploaded images only (no pasted data: URLs); the server keeps /media, /images and listed hosts.
      Image.configure({ allowBase64: false }),
    ],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        class: "prose-content min-h-56 px-4 py-3 outline-none",
        "aria-label": label,
        role: "textbox",
        "aria-multiline": "true",
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  // A value set from outside (a form reset, a restored revision) replaces the document; typing never does.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== editor.getHTML())
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    focusRef?.(editor ? { focus: () => editor.commands.focus() } : null);
  }, [editor, focusRef]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive("bold") ?? false,
      italic: e?.isActive("italic") ?? false,
      h2: e?.isActive("heading", { level: 2 }) ?? false,
      h3: e?.isActive("heading", { level: 3 }) ?? false,
      bullet: e?.isActive("bulletList") ?? false,
      ordered: e?.isActive("orderedList") ?? false,
      quote: e?.isActive("blockquote") ?? false,
      link: e?.isActive("link") ?? false,
    }),
  });

  const tools = [
    { label: "Bold", icon: Bold, active: state?.bold, run: () => editor?.chain().focus().toggleBold().run() },
    {
      label: "Italic",
      icon: Italic,
      active: state?.italic,
      run: () => editor?.chain().focus().toggleItalic().run(),
    },
    {
      label: "Section heading",
      icon: Heading2,
      active: state?.h2,
      run: () => editor?.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      label: "Subsection heading",
      icon: Heading3,
      active: state?.h3,
      run: () => editor?.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      label: "Bulleted list",
      icon: List,
      active: state?.bullet,
      run: () => editor?.chain().focus().toggleBulletList().run(),
    },
    {
      label: "Numbered list",
      icon: ListOrdered,
      active: state?.ordered,
      run: () => editor?.chain().focus().toggleOrderedList().run(),
    },
    {
      label: "Quote",
      icon: Quote,
      active: state?.quote,
      run: () => editor?.chain().focus().toggleBlockquote().run(),
    },
    {
      label: "Link",
      icon: Link2,
      active: state?.link,
      run: () => setDialog("link"),
    },
    { label: "Image", icon: ImagePlus, active: false, run: () => setDialog("image") },
    { label: "Undo", icon: Undo2, active: false, run: () => editor?.chain().focus().undo().run() },
    { label: "Redo", icon: Redo2, active: false, run: () => editor?.chain().focus().redo().run() },
  ];

  return (
    <div>
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      <div className={`mt-1 rounded-lg border bg-white ${error ? "border-red-600" : "border-slate-300"}`}>
        <div
          role="toolbar"
          aria-label={`${label} formatting`}
          className="flex flex-wrap gap-1 border-b border-slate-200 p-1.5"
        >
          {tools.map((tool) => (
            <button
              key={tool.label}
              type="button"
              onClick={tool.run}
              aria-label={tool.label}
              aria-pressed={["Undo", "Redo", "Image"].includes(tool.label) ? undefined : Boolean(tool.active)}
              className={`rounded p-1.5 ${tool.active ? "bg-navy-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
            >
              <tool.icon aria-hidden="true" className="size-4" />
            </button>
          ))}
        </div>
        <EditorContent editor={editor} />
      </div>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
      {editor && dialog === "link" ? <LinkDialog editor={editor} onClose={() => setDialog(null)} /> : null}
      {editor && dialog === "image" ? <ImageDialog editor={editor} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

/** Adds, changes or removes the link on the selected text (instead of window.prompt). */
function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const current = (editor.getAttributes("link").href as string | undefined) ?? "";
  const [href, setHref] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const found = linkProblem(href);
    if (found) {
      setProblem(found);
      document.getElementById(`field-${id}-href`)?.focus();
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href: href.trim() }).run();
    onClose();
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={current ? "Edit link" : "Add link"}
      kind="info"
      dirty={href !== current}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field
          label="Link address"
          name={`${id}-href`}
          hint="https://…, mailto:… or a page of this site such as /contact"
          inputMode="url"
          autoFocus
          value={href}
          error={problem ?? undefined}
          onChange={(e) => {
            setHref(e.target.value);
            setProblem(null);
          }}
        />
        <div className="flex flex-wrap justify-end gap-3">
          {current ? (
            <button
              type="button"
              className="btn text-red-700 hover:bg-red-50"
              onClick={() => {
                editor.chain().focus().extendMarkRange("link").unsetLink().run();
                onClose();
              }}
            >
              Remove link
            </button>
          ) : null}
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary">
            {current ? "Save link" : "Add link"}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Uploads an image through /api/uploads (re-encoded, named by the server) and inserts it with its alt text. */
function ImageDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [errors, setErrors] = useState<{ file?: string; alt?: string }>({});
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const found = {
      file: file ? undefined : "Choose an image (JPEG, PNG, WebP or AVIF, up to 10 MB)",
      alt: alt.trim() ? undefined : "Describe the image for people who cannot see it",
    };
    setErrors(found);
    if (found.file || found.alt) {
      document.getElementById(found.file ? `field-${id}-file` : `field-${id}-alt`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const uploaded = await uploadImage(file!);
      editor.chain().focus().setImage({ src: uploaded.url, alt: alt.trim() }).run();
      onClose();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : "Upload failed");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open onClose={onClose} title="Insert image" kind="info" busy={busy} dirty={Boolean(file || alt)}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field
          label="Image file"
          name={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          error={errors.file}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setErrors((found) => ({ ...found, file: undefined }));
          }}
        />
        <Field
          label="Alt text"
          name={`${id}-alt`}
          hint="What the image shows, for people who cannot see it"
          value={alt}
          error={errors.alt}
          onChange={(e) => {
            setAlt(e.target.value);
            setErrors((found) => ({ ...found, alt: undefined }));
          }}
        />
        <div className="flex justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? <Spinner /> : null} Insert image
          </button>
        </div>
      </form>
    </Modal>
  );
}
