import type { AppLoadContext } from "react-router";
import { messagesFor } from "#app/lib/i18n/messages.ts";
import { commentInputSchema } from "#schemas/comment.ts";
import type { BlogLanguage } from "#shared/blog-languages.ts";
import { acceptForm, readForm, refuseForm, sendPageForm } from "#app/lib/page-form.server.ts";
import { formFields } from "../forms/validate";
import { COMMENT_FIELDS, commentProblems } from "./comment-fields";

/**
 * 'Leave a Reply' posted without JavaScript: checked as the page's script checks it, then sent to the API
 * route the script posts to (its rate limit, honeypot and checks included); the page then shows the new
 * comment in its list, or says that it awaits moderation.
 */
export async function commentAction(
  request: Request,
  context: AppLoadContext,
  post: { id: number; language: BlogLanguage },
) {
  const t = messagesFor(post.language);
  const { url_hp, ...values } = formFields(await readForm(request), [...COMMENT_FIELDS, "url_hp"]);
  const problems = commentProblems(values, t, (input) => commentInputSchema.safeParse(input), post.id);
  if (problems) return refuseForm(values, problems.errors, problems.message);
  const sent = await sendPageForm(
    context,
    "/api/blog_comments/",
    { blog_id: post.id, ...values, url_hp },
    { values, fields: COMMENT_FIELDS, fallback: () => t.submitFailed },
  );
  if (!sent.ok) return sent.refused;
  // A held comment is not in the list: the commenter is told it waits for an editor.
  const held = (sent.body as { data?: { held?: boolean } } | undefined)?.data?.held === true;
  return acceptForm({ posted: held ? t.commentAwaitsModeration : t.commentSubmitted });
}
