import { escapeHtml } from "../blog/sanitize";

/**
 * A mail to a person as text and as plain, readable HTML with the same words: one column, the reader's own
 * font size, no images or scripts. Paragraphs are plain text; line breaks inside one are kept.
 */
export function plainMail(paragraphs: string[]): { text: string; html: string } {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
  return {
    text: paragraphs.join("\n\n"),
    html: [
      "<!doctype html>",
      '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>',
      '<body style="margin:0;padding:24px 16px;background:#ffffff;color:#1e293b;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
      '<div style="max-width:600px;margin:0 auto">',
      body,
      "</div></body></html>",
    ].join("\n"),
  };
}
