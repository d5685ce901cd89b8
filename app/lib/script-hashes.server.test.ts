import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { markedModuleScripts, renderNonce, sealInlineScripts } from "./script-hashes.server";

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");
const nonce = "Tm9uY2VOb25jZU5vbmNlIQ==";
const page =
  `<html><head><link rel="modulepreload" href="/a.js" nonce="${nonce}"/></head><body>` +
  `<p>a comment: &lt;script&gt;</p><script>window.injected = 1</script>` +
  `<script nonce="${nonce}">window.__ctx = {"n":"${nonce}"};</script>` +
  `<script nonce="${nonce}" src="/b.js"></script>` +
  `<script nonce="${nonce}" type="module" async="">import "/c.js";</script></body></html>`;

describe("sealInlineScripts", () => {
  it("hashes the inline scripts the render marked, and only those", () => {
    const { scriptHashes } = sealInlineScripts(page, nonce);
    expect(scriptHashes.sort()).toEqual(
      [sha256('window.__ctx = {"n":""};'), sha256('import "/c.js";')].sort(),
    );
    // Not marked: whatever reached the HTML through data is never allowed.
    expect(scriptHashes).not.toContain(sha256("window.injected = 1"));
  });

  it("takes the nonce out of the page, so the bytes are the same for every visitor", () => {
    const { html } = sealInlineScripts(page, nonce);
    expect(html).not.toContain(nonce);
    expect(html).not.toContain("nonce=");
    expect(html).toContain('<script src="/b.js"></script>');
    expect(html).toContain("<script>window.injected = 1</script>");
    const again = "OtherNonceOtherNonce12==";
    expect(sealInlineScripts(page.replaceAll(nonce, again), again).html).toBe(html);
  });

  it("also allows the scripts the page inserts at run time", () => {
    const { scriptHashes } = sealInlineScripts("<p>no scripts</p>", nonce, ["import '/late.js';"]);
    expect(scriptHashes).toEqual([sha256("import '/late.js';")]);
  });
});

describe("markedModuleScripts", () => {
  it("finds the module scripts that carry this render's nonce", () => {
    expect(markedModuleScripts(page, nonce)).toEqual(['import "/c.js";']);
    expect(markedModuleScripts(page, renderNonce())).toEqual([]);
  });
});
