import { escapeHtml } from "../blog/sanitize";
import type { Mail } from "../notifications/mailer";
import { SITE_NAME } from "#shared/site.ts";
import { languageCodes, type BlogLanguage } from "#shared/blog-languages.ts";

/** A short, plain HTML mail: one column, system fonts, readable on a phone and in any mail program. */
function layout(options: { lang: string; title: string; body: string; footer: string }) {
  return `<!doctype html>
<html lang="${options.lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(options.title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;color:#0f172a;font-family:-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Devanagari','Noto Sans Tamil',Arial,sans-serif;font-size:16px;line-height:1.6">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<p style="margin:0 0 16px;font-weight:700;color:#0b2545">${SITE_NAME}</p>
<div style="background:#ffffff;border-radius:12px;padding:24px">
${options.body}
</div>
<p style="margin:16px 4px 0;font-size:13px;line-height:1.5;color:#475569">${options.footer}</p>
</div>
</body>
</html>`;
}

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#0e7490;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:8px">${escapeHtml(label)}</a></p>`;

/** What the subscription follows, in words: "the GCC View 360 blog in Hindi", "new jobs matching “Chennai”". */
export function followed(kind: "blog" | "jobs", language: string, search: string) {
  if (kind === "blog") return `the ${SITE_NAME} blog in ${language}`;
  return search ? `new jobs at ${SITE_NAME} matching “${search}”` : `new jobs at ${SITE_NAME}`;
}

const ONLY_THIS =
  "Your e-mail address is used for this and nothing else, and is deleted when you unsubscribe.";

/** The double opt-in mail: nothing else is sent to the address until its link is followed. */
export function confirmationMail(kind: "blog" | "jobs", to: string, what: string, confirmUrl: string): Mail {
  // The visitor's search stays out of the subject: only the body quotes it.
  const subject =
    kind === "blog"
      ? `Confirm your subscription to ${what.slice("the ".length)}`
      : `Confirm your job alert at ${SITE_NAME}`;
  const ignore = "If you did not ask for this, ignore this e-mail: you will not hear from us again.";
  return {
    to,
    subject,
    text: [
      `Someone, hopefully you, asked to receive ${what} at this address.`,
      "",
      "Confirm your subscription by opening this link:",
      confirmUrl,
      "",
      ignore,
      ONLY_THIS,
    ].join("\n"),
    html: layout({
      lang: "en",
      title: subject,
      body: `<h1 style="margin:0 0 12px;font-size:22px;line-height:1.3">Confirm your subscription</h1>
<p style="margin:0">Someone, hopefully you, asked to receive ${escapeHtml(what)} at this address.</p>
${button(confirmUrl, "Confirm subscription")}
<p style="margin:0;font-size:14px;color:#475569;word-break:break-all">Or open this link: ${escapeHtml(confirmUrl)}</p>`,
      footer: `${escapeHtml(ignore)} ${escapeHtml(ONLY_THIS)}`,
    }),
  };
}

/** The headers that let a mail program offer Unsubscribe, in one click (RFC 2369, RFC 8058). */
export const unsubscribeHeaders = (unsubscribeUrl: string) => ({
  "List-Unsubscribe": `<${unsubscribeUrl}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

function listFooter(what: string, unsubscribeUrl: string) {
  return {
    text: [
      "--",
      `You receive this because you subscribed to ${what}. ${ONLY_THIS}`,
      `Unsubscribe (one click): ${unsubscribeUrl}`,
    ].join("\n"),
    html: `You receive this because you subscribed to ${escapeHtml(what)}. ${escapeHtml(ONLY_THIS)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#0e7490">Unsubscribe</a>.`,
  };
}

/** A new post, to one subscriber of its language. */
export function postMail(
  to: string,
  post: { heading: string; sub_heading: string; language: BlogLanguage; url: string },
  unsubscribeUrl: string,
): Mail {
  const what = followed("blog", post.language, "");
  const footer = listFooter(what, unsubscribeUrl);
  return {
    to,
    subject: post.heading,
    text: [
      post.heading,
      "",
      ...(post.sub_heading ? [post.sub_heading, ""] : []),
      `Read it: ${post.url}`,
      "",
      footer.text,
    ].join("\n"),
    html: layout({
      lang: languageCodes[post.language],
      title: post.heading,
      body: `<p style="margin:0 0 8px;font-size:13px;font-weight:700;letter-spacing:.05em;text-transform:uppercase;color:#0e7490" lang="en">New on the blog</p>
<h1 style="margin:0 0 12px;font-size:22px;line-height:1.35">${escapeHtml(post.heading)}</h1>
${post.sub_heading ? `<p style="margin:0">${escapeHtml(post.sub_heading)}</p>` : ""}
${button(post.url, "Read the post")}`,
      footer: footer.html,
    }),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}

/** A new job, to one alert it matches. */
export function jobMail(
  to: string,
  job: { title: string; company: string; location: string; url: string },
  search: string,
  unsubscribeUrl: string,
): Mail {
  const what = followed("jobs", "", search);
  const footer = listFooter(what, unsubscribeUrl);
  const where = [job.company, job.location].filter(Boolean).join(", ");
  return {
    to,
    subject: `New job: ${job.title}`,
    text: [
      `A job like the one you asked about has opened:`,
      "",
      job.title,
      where,
      "",
      `See it and apply: ${job.url}`,
      "",
      footer.text,
    ].join("\n"),
    html: layout({
      lang: "en",
      title: `New job: ${job.title}`,
      body: `<p style="margin:0 0 8px;font-size:13px;font-weight:700;letter-spacing:.05em;text-transform:uppercase;color:#0e7490">A job like the one you asked about</p>
<h1 style="margin:0 0 8px;font-size:22px;line-height:1.35">${escapeHtml(job.title)}</h1>
<p style="margin:0;color:#334155">${escapeHtml(where)}</p>
${button(job.url, "See the job and apply")}`,
      footer: footer.html,
    }),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}
