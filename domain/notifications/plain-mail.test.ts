import { describe, expect, it } from "vitest";
import { plainMail } from "./plain-mail";

describe("plainMail", () => {
  const mail = plainMail(["Dear <Asha> & co,", "Line one\nline two\nline three"]);

  it("joins the paragraphs with a blank line as text", () => {
    expect(mail.text).toBe("Dear <Asha> & co,\n\nLine one\nline two\nline three");
  });

  it("writes one plain column at the reader's font size, each paragraph escaped, its line breaks kept", () => {
    expect(mail.html).toBe(
      [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>',
        '<body style="margin:0;padding:24px 16px;background:#ffffff;color:#1e293b;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
        '<div style="max-width:600px;margin:0 auto">',
        '<p style="margin:0 0 16px">Dear &lt;Asha&gt; &amp; co,</p>',
        '<p style="margin:0 0 16px">Line one<br>line two<br>line three</p>',
        "</div></body></html>",
      ].join("\n"),
    );
    expect(mail.html).not.toMatch(/<img|<script/);
  });
});
