import { useRef, useState, type FormEvent } from "react";
import { toast } from "~/lib/toast";
import { COMMENT_TEXT_MAX } from "../../../schemas/comment-limits";

// The shared schema (and Zod with it) loads when someone starts writing, not with every article.
const loadSchema = () => import("../../../schemas/comment").then((m) => m.commentInputSchema);

const empty = { name: "", email_id: "", comment: "" };
type Field = keyof typeof empty;

/** 'Leave a Reply': checked with the API's own schema, posted with fetch, list refreshed on success. */
export function CommentForm({ blogId, onPosted }: { blogId: number; onPosted: () => void }) {
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const honeypot = useRef<HTMLInputElement>(null);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setInvalid((f) => ({ ...f, [field]: false }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing = (Object.keys(empty) as Field[]).filter((f) => values[f].trim() === "");
    if (missing.length > 0) {
      setError("All fields are required");
      setInvalid(Object.fromEntries(missing.map((f) => [f, true])));
      toast.error("Please fill all the fields");
      return;
    }
    const payload = { blog_id: blogId, ...values, url_hp: honeypot.current?.value ?? "" };
    let checked;
    try {
      checked = (await loadSchema()).safeParse(payload);
    } catch {
      toast.error("An error occurred. Please try again later.");
      return;
    }
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setError(issue?.message ?? "Please check the form");
      setInvalid({ [String(issue?.path[0])]: true });
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const res = await fetch("/api/blog_comments/", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(payload),
      });
      if (res.ok) {
        toast.success("Comment submitted successfully!");
        setValues(empty);
        onPosted();
      } else {
        const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
        toast.error(
          typeof body?.message === "string" && body.message ? body.message : "Failed to submit comment",
        );
      }
    } catch {
      toast.error("An error occurred. Please try again later.");
    } finally {
      setSubmitting(false);
    }
  }

  const input =
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-ink shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500";
  return (
    <section
      aria-labelledby="reply-heading"
      className="mt-14 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="reply-heading" className="text-2xl font-bold text-navy-900">
        Leave a Reply
      </h2>
      <p className="mt-2 text-sm text-slate-600">Your e-mail address will not be published.</p>
      <form
        noValidate
        onSubmit={submit}
        onFocus={() => void loadSchema().catch(() => {})}
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <div>
          <label htmlFor="comment-name" className="text-sm font-semibold text-navy-900">
            Name
          </label>
          <input
            id="comment-name"
            name="name"
            autoComplete="name"
            className={input}
            value={values.name}
            onChange={change("name")}
            aria-invalid={invalid.name || undefined}
          />
        </div>
        <div>
          <label htmlFor="comment-email" className="text-sm font-semibold text-navy-900">
            Email
          </label>
          <input
            id="comment-email"
            name="email_id"
            type="email"
            autoComplete="email"
            className={input}
            value={values.email_id}
            onChange={change("email_id")}
            aria-invalid={invalid.email_id || undefined}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="comment-text" className="text-sm font-semibold text-navy-900">
            Comment
          </label>
          <textarea
            id="comment-text"
            name="comment"
            rows={5}
            maxLength={COMMENT_TEXT_MAX}
            className={input}
            value={values.comment}
            onChange={change("comment")}
            aria-invalid={invalid.comment || undefined}
            aria-describedby="comment-text-limit"
          />
          <p id="comment-text-limit" className="mt-1.5 flex justify-between gap-4 text-sm text-slate-600">
            <span>Plain text, up to {COMMENT_TEXT_MAX.toLocaleString("en-US")} characters.</span>
            <span aria-hidden="true" data-testid="comment-length">
              {values.comment.length.toLocaleString("en-US")} / {COMMENT_TEXT_MAX.toLocaleString("en-US")}
            </span>
          </p>
        </div>
        {/* Honeypot: invisible to people, so only bots fill it in. */}
        <div className="hidden" aria-hidden="true">
          <label htmlFor="comment-url">Leave this field empty</label>
          <input
            id="comment-url"
            ref={honeypot}
            name="url_hp"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? "Submitting..." : "Post Comment"}
          </button>
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        </div>
      </form>
    </section>
  );
}
