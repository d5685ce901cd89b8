import { useRef, useState, type FormEvent } from "react";
import { postWhenOnline } from "../../lib/send-when-online";
import { messagesFor } from "~/lib/i18n/messages";
import { toast } from "~/lib/toast";
import { COMMENT_TEXT_MAX } from "../../../schemas/comment-limits";
import type { BlogLanguage } from "../../../shared/blog-languages";
import { formatCount } from "../../../shared/blog-languages";

// The shared schema (and Zod with it) loads when someone starts writing, not with every article.
const loadSchema = () => import("../../../schemas/comment").then((m) => m.commentInputSchema);

/** The spec gives the comment's success toast 5000 ms; every other toast keeps the app-wide 1600 ms. */
const COMMENT_TOAST_DURATION_MS = 5000;

const empty = { name: "", email_id: "", comment: "" };
type Field = keyof typeof empty;

/**
 * 'Leave a Reply': checked with the API's own schema, posted with fetch, list refreshed on success. Its words
 * are in the post's language; a refusal from the server is shown as the server words it (in English).
 */
export function CommentForm({
  blogId,
  language,
  onPosted,
}: {
  blogId: number;
  language: BlogLanguage;
  onPosted: () => void;
}) {
  const t = messagesFor(language);
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const honeypot = useRef<HTMLInputElement>(null);
  // Set in the same event as the first press: a second press of a double click finds it and posts nothing.
  const busy = useRef(false);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setInvalid((f) => ({ ...f, [field]: false }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const missing = (Object.keys(empty) as Field[]).filter((f) => values[f].trim() === "");
    if (missing.length > 0) {
      setError(t.allFieldsRequired);
      setInvalid(Object.fromEntries(missing.map((f) => [f, true])));
      toast.error(t.fillAllFields);
      return;
    }
    busy.current = true;
    setSubmitting(true);
    try {
      await send({ blog_id: blogId, ...values, url_hp: honeypot.current?.value ?? "" });
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  async function send(payload: typeof values & { blog_id: number; url_hp: string }) {
    let checked;
    try {
      checked = (await loadSchema()).safeParse(payload);
    } catch {
      toast.error(t.errorOccurred);
      return;
    }
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field = String(issue?.path[0]);
      const problem = t.fieldProblems && field in t.fieldProblems ? t.fieldProblems[field as Field] : null;
      setError(problem ?? issue?.message ?? t.checkForm);
      setInvalid({ [field]: true });
      return;
    }
    setError(null);
    try {
      // Offline, the comment stays in the form and goes out once the connection is back.
      const { response: res, arrivedBefore } = await postWhenOnline("/api/blog_comments/", payload, {
        waiting: () => setWaiting(true),
        resumed: () => setWaiting(false),
      });
      if (res.ok || arrivedBefore) {
        toast.success(t.commentSubmitted, { duration: COMMENT_TOAST_DURATION_MS });
        setValues(empty);
        onPosted();
      } else {
        const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
        // The API words its refusals in English (it has one language for every client): said so on the page.
        if (typeof body?.message === "string" && body.message) toast.error(body.message, { lang: "en" });
        else toast.error(t.submitFailed);
      }
    } catch {
      setError(t.notSent);
      toast.error(t.errorOccurred);
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
        {t.leaveReply}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t.emailNotPublished}</p>
      <form
        noValidate
        onSubmit={submit}
        onFocus={() => void loadSchema().catch(() => {})}
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <div>
          <label htmlFor="comment-name" className="text-sm font-semibold text-navy-900">
            {t.name}
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
            {t.email}
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
            {t.comment}
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
            <span>{t.plainTextUpTo(formatCount(COMMENT_TEXT_MAX, language))}</span>
            <span aria-hidden="true" data-testid="comment-length">
              {formatCount(values.comment.length, language)} / {formatCount(COMMENT_TEXT_MAX, language)}
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
            {waiting ? t.waitingToSend : submitting ? t.submitting : t.postComment}
          </button>
          {waiting && (
            <p role="status" className="text-sm font-medium text-amber-900">
              {t.offlineWait}
            </p>
          )}
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        </div>
      </form>
    </section>
  );
}
