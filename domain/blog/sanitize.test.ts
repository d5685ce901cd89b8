import { describe, expect, it } from "vitest";
import { escapeHtml, sanitizeRichText } from "./sanitize";

/** True when the HTML has nothing that could run: no script-capable tags, handlers or script URLs. */
function inert(html: string) {
  return (
    !/<\s*(script|iframe|object|embed|svg|math|style|link|meta|form|input|button|base|frame)/i.test(html) &&
    !/\son\w+\s*=/i.test(html) &&
    !/(javascript|vbscript|data):/i.test(html) &&
    !/style\s*=/i.test(html)
  );
}

describe("sanitizeRichText", () => {
  it.each([
    ["script tag", "<p>Hi</p><script>window.__xss=1</script>", "<p>Hi</p>"],
    ["img onerror", '<img src=x onerror="window.__xss=1">', ""],
    ["javascript: link", '<a href="javascript:alert(1)">click</a>', "<a>click</a>"],
    ["encoded javascript: link", '<a href="jav&#x09;ascript:alert(1)">x</a>', "<a>x</a>"],
    ["iframe", '<iframe src="https://evil.example"></iframe><p>ok</p>', "<p>ok</p>"],
    ["style expression", '<p style="width: expression(alert(1))">t</p>', "<p>t</p>"],
    ["style tag", "<style>body{background:url(javascript:alert(1))}</style><p>t</p>", "<p>t</p>"],
    ["svg onload", '<svg onload="alert(1)"><circle r="4"/></svg><p>t</p>', "<p>t</p>"],
    ["body onload", '<body onload="alert(1)"><p>t</p></body>', "<p>t</p>"],
    ["data: link", '<a href="data:text/html,<script>alert(1)</script>">x</a>', "<a>x</a>"],
    ["object/embed", '<object data="x.swf"></object><embed src="x.swf">', ""],
    ["form", '<form action="https://evil.example"><input name="p"><button>Go</button></form>', "Go"],
    ["mouseover on allowed tag", '<strong onmouseover="alert(1)">bold</strong>', "<strong>bold</strong>"],
    ["math tag", '<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>', "<a>x</a>"],
    ["meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ""],
    ["img javascript: src", '<img src="javascript:alert(1)">', ""],
    ["img http: src", '<img src="http://tracker.example/p.gif">', ""],
    ["unclosed tag trick", "<p>a</p><scr<script>ipt>alert(1)</script>", "<p>a</p>ipt&gt;alert(1)"],
  ])("makes a %s inert", (_name, dirty, clean) => {
    const out = sanitizeRichText(dirty);
    expect(out).toBe(clean);
    expect(inert(out)).toBe(true);
  });

  it("keeps the formatting an article needs", () => {
    const html =
      '<h2>Title</h2><p>Text with <strong>bold</strong>, <em>em</em> and <a href="https://www.rbi.org.in">a link</a>.</p><ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote>q</blockquote>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("demotes h1, drops classes and ids, and protects links opened in a new tab", () => {
    expect(sanitizeRichText('<h1 class="x" id="y">T</h1>')).toBe("<h2>T</h2>");
    expect(sanitizeRichText('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeRichText('<a href="/contact" rel="opener">x</a>')).toBe('<a href="/contact">x</a>');
  });

  it("drops images whose address would act on the reader's behalf or come from an unlisted host", () => {
    // An operator who reads this post must not be signed out by it (GET /refresh_token rotates the session).
    expect(sanitizeRichText('<img src="/refresh_token?a"><img src="/refresh_token?b"><p>Read on</p>')).toBe(
      "<p>Read on</p>",
    );
    for (const src of [
      "/refresh_token",
      "/api/auth/logout",
      "/media/../refresh_token",
      "/media/%2e%2e/refresh_token",
      "https://tracker.example/p.gif",
      "//tracker.example/p.gif",
    ])
      expect(sanitizeRichText(`<p>a</p><img src="${src}" alt="x"><p>b</p>`), src).toBe("<p>a</p><p>b</p>");
  });

  it("keeps site images and uploads, lazily loaded", () => {
    expect(sanitizeRichText('<img src="/images/blog/cover-1.svg" alt="Cover">')).toBe(
      '<img src="/images/blog/cover-1.svg" alt="Cover" loading="lazy" />',
    );
    expect(sanitizeRichText('<img src="/media/0123456789abcdef0123456789abcdef/960.webp" alt="Up">')).toBe(
      '<img src="/media/0123456789abcdef0123456789abcdef/960.webp" alt="Up" loading="lazy" />',
    );
  });
});

describe("escapeHtml", () => {
  it("escapes every character that matters in HTML", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});
