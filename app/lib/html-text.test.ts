import { describe, expect, it } from "vitest";
import { htmlToText, jobPreview } from "./html-text";

describe("htmlToText", () => {
  it("drops tags, scripts and styles and collapses whitespace", () => {
    expect(htmlToText("<p>Hello <strong>world</strong></p>\n<ul><li>one</li><li>two</li></ul>")).toBe(
      "Hello world one two",
    );
    expect(htmlToText("<style>p{}</style><p>a</p><script>alert(1)</script>")).toBe("a");
  });

  it("decodes entities", () => {
    expect(htmlToText("Tom &amp; Jerry &lt;3 &quot;x&quot; &#39;y&#39; &#x20B9;5&nbsp;lakh")).toBe(
      "Tom & Jerry <3 \"x\" 'y' ₹5 lakh",
    );
  });

  it("leaves unknown entities alone", () => {
    expect(htmlToText("&bogus; &#0;")).toBe("&bogus; &#0;");
  });
});

describe("jobPreview", () => {
  it("keeps texts of up to 80 characters whole", () => {
    const text = "x".repeat(80);
    expect(jobPreview(`<p>${text}</p>`)).toBe(text);
  });

  it("cuts a text longer than 80 characters to its first 120 plus an ellipsis", () => {
    const text = "abcdefghij".repeat(20);
    expect(jobPreview(`<p>${text}</p>`)).toBe(`${text.slice(0, 120)}…`);
    expect(jobPreview(`<p>${text}</p>`)).toHaveLength(121);
  });

  it("cuts between words, never inside one", () => {
    const long =
      "We are now hiring a payroll and compliance specialist to run monthly payroll for our growing teams across India and to keep statutory filings on time.";
    expect(long.slice(118, 122)).toBe(" kee"); // 120 characters end inside "keep"
    const out = jobPreview(`<p>${long}</p>`);
    expect(out).toBe(`${long.slice(0, out.length - 1)}…`);
    expect(out.length).toBeLessThanOrEqual(121);
    expect(long[out.length - 1]).toBe(" ");
  });

  it("adds the ellipsis to texts of 81 to 120 characters without cutting them (the spec's rule)", () => {
    const text = "y".repeat(100);
    expect(jobPreview(text)).toBe(`${text}…`);
  });

  it("measures the text, not the markup", () => {
    const html = `<p><strong>${"z".repeat(40)}</strong></p><p>${"z".repeat(39)}</p>`;
    expect(jobPreview(html)).toBe(`${"z".repeat(40)} ${"z".repeat(39)}`);
  });
});
