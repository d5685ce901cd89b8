import type { z } from "zod";
import type { Messages } from "#app/lib/i18n/messages.ts";
import type { FieldErrors, FormAnswer } from "../forms/validate";
import { fieldErrors } from "#schemas/validation.ts";

export const COMMENT_FIELDS = ["name", "email_id", "comment"] as const;
export type CommentField = (typeof COMMENT_FIELDS)[number];

/** What the post page's action answers: the form again, or the thanks (the new comment is in the list). */
export type CommentAnswer = FormAnswer<CommentField> | { posted: string };

/** The form's labels in the post's language, in page order (the error summary names them). */
export const commentLabels = (t: Messages): Record<CommentField, string> => ({
  name: t.name,
  email_id: t.email,
  comment: t.comment,
});

/**
 * What is wrong with a comment, in the post's language where the catalogue has the words: the spec's 'All
 * fields are required' when any is empty, else the shared schema's problems (`parse` is its safeParse, which
 * the page's script loads only when someone writes). The page's script and its action both ask this.
 */
export function commentProblems(
  values: Record<CommentField, string>,
  t: Messages,
  parse: (input: unknown) => z.ZodSafeParseResult<unknown>,
  blogId: number,
): { errors: FieldErrors; message?: string } | null {
  const missing = COMMENT_FIELDS.filter((name) => values[name].trim() === "");
  const checked = parse({ blog_id: blogId, ...values });
  if (missing.length === 0 && checked.success) return null;
  const errors = checked.success ? {} : fieldErrors(checked.error);
  const own: FieldErrors = {};
  // The schema words in English; a catalogue with its own words says them (an empty field: 'all are required').
  for (const name of COMMENT_FIELDS)
    if (errors[name])
      own[name] = t.fieldProblems
        ? missing.includes(name)
          ? t.allFieldsRequired
          : t.fieldProblems[name]
        : errors[name];
  return missing.length > 0 ? { errors: own, message: t.allFieldsRequired } : { errors: own };
}
