import { useRef, useState, type FormEvent } from "react";
import { postWhenOnline } from "#app/lib/send-when-online.ts";
import { messagesFor } from "#app/lib/i18n/messages.ts";
import { toast } from "#app/lib/toast.tsx";
import { COMMENT_TEXT_MAX } from "#schemas/comment-limits.ts";
import type { BlogLanguage } from "#shared/blog-languages.ts";
import { formatCount } from "#shared/blog-languages.ts";
import { ErrorSummary } from "../forms/error-summary";
import { Field, TextAreaField } from "../forms/field";
import { FormAlert } from "../forms/form-alert";
import { formFields, refusalOf, type FormAnswer } from "../forms/validate";
import {
  COMMENT_FIELDS,
  commentLabels,
  commentProblems,
  type CommentAnswer,
  type CommentField,
} from "./comment-fields";

// The shared schema (and Zod with it) loads when someone starts writing, not with every article.
const loadSchema = () => import("#schemas/comment.ts").then((m) => m.commentInputSchema);

/** The spec gives the comment's success toast 5000 ms; every other toast keeps the app-wide 1600 ms. */
const COMMENT_TOAST_DURATION_MS = 5000;

const EMPTY: FormAnswer<CommentField> = { values: { name: "", email_id: "", comment: "" }, errors: {} };

/**
 * 'Leave a Reply'. With JavaScript it is checked with the API's own schema, posted with fetch, and the list
 * refreshed on success; without, it posts to the post's page, whose action checks it the same way and sends
 * it to the same API route (`answer`). Its words are in the post's language; a refusal from the server is
 * shown as the server words it (in English).
 */
export function CommentForm({
  blogId,
  language,
  answer,
  onPosted,
}: {
  blogId: number;
  language: BlogLanguage;
  answer?: CommentAnswer;
  onPosted: () => void;
}) {
  const t = messagesFor(language);
  const labels = commentLabels(t);
  const [state, setState] = useState(answer && "values" in answer ? answer : EMPTY);
  const [posted, setPosted] = useState(answer && "posted" in answer ? answer.posted : null);
  const [length, setLength] = useState(state.values.comment.length);
  const [attempt, setAttempt] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [waiting, setWaiting] = useState(false);
  // Set in the same event as the first press: a second press of a double click finds it and posts nothing.
  const busy = useRef(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const form = event.currentTarget;
    const { url_hp, ...values } = formFields(new FormData(form), [...COMMENT_FIELDS, "url_hp"]);
    const refuse = (refusal: Omit<FormAnswer, "values">) => {
      setPosted(null);
      setState({ values, ...refusal });
      setAttempt((n) => n + 1);
    };
    busy.current = true;
    setSubmitting(true);
    try {
      const schema = await loadSchema();
      const problems = commentProblems(values, t, (input) => schema.safeParse(input), blogId);
      if (problems) {
        if (problems.message) toast.error(t.fillAllFields);
        return refuse(problems);
      }
      // Offline, the comment stays in the form and goes out once the connection is back.
      const { response: res, arrivedBefore } = await postWhenOnline(
        "/api/blog_comments/",
        { blog_id: blogId, ...values, url_hp },
        { waiting: () => setWaiting(true), resumed: () => setWaiting(false) },
      );
      if (res.ok || arrivedBefore) {
        const saved = res.ok
          ? ((await res.json().catch(() => null)) as { data?: { held?: boolean } } | null)
          : null;
        toast.success(t.commentSubmitted, { duration: COMMENT_TOAST_DURATION_MS });
        form.reset();
        setLength(0);
        setState(EMPTY);
        // A held comment is not in the list yet: the form says so where the commenter is looking.
        setPosted(saved?.data?.held ? t.commentAwaitsModeration : null);
        onPosted();
        return;
      }
      const body = (await res.json().catch(() => null)) as Parameters<typeof refusalOf>[0] | null;
      const refusal = refusalOf(body ?? {}, COMMENT_FIELDS, t.submitFailed);
      // The API words its refusals in English (it has one language for every client): said so on the page.
      if (refusal.message) toast.error(refusal.message, body?.message ? { lang: "en" } : undefined);
      refuse(refusal);
    } catch {
      toast.error(t.errorOccurred);
      refuse({ errors: {}, message: t.notSent });
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }
  const { values, errors } = state;
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
        method="post"
        noValidate
        onSubmit={submit}
        onFocus={() => void loadSchema().catch(() => {})}
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <ErrorSummary
          key={attempt}
          title={t.checkForm}
          errors={errors}
          labels={labels}
          message={state.message}
          // Words not in the post's catalogue are the API's, in English.
          messageLang={state.message && !Object.values(t).includes(state.message) ? "en" : undefined}
          className="sm:col-span-2"
        />
        {posted ? (
          <div className="sm:col-span-2">
            <FormAlert tone="success">{posted}</FormAlert>
          </div>
        ) : null}
        <Field
          name="name"
          label={t.name}
          autoComplete="name"
          defaultValue={values.name}
          error={errors.name}
        />
        <Field
          name="email_id"
          label={t.email}
          type="email"
          autoComplete="email"
          defaultValue={values.email_id}
          error={errors.email_id}
        />
        <TextAreaField
          name="comment"
          label={t.comment}
          rows={5}
          maxLength={COMMENT_TEXT_MAX}
          defaultValue={values.comment}
          error={errors.comment}
          onInput={(event) => setLength(event.currentTarget.value.length)}
          frameClassName="sm:col-span-2"
          hint={
            <span className="flex justify-between gap-4 text-sm text-slate-600">
              <span>{t.plainTextUpTo(formatCount(COMMENT_TEXT_MAX, language))}</span>
              <span aria-hidden="true" data-testid="comment-length">
                {formatCount(length, language)} / {formatCount(COMMENT_TEXT_MAX, language)}
              </span>
            </span>
          }
        />
        {/* Honeypot: invisible to people, so only bots fill it in. */}
        <div className="hidden" aria-hidden="true">
          <label htmlFor="comment-url">Leave this field empty</label>
          <input id="comment-url" name="url_hp" tabIndex={-1} autoComplete="off" defaultValue="" />
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
        </div>
      </form>
    </section>
  );
}
