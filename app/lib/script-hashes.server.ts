import { createHash, randomBytes } from "node:crypto";

/** A fresh 128-bit nonce that marks the inline scripts of one render (it never reaches a policy or a browser). */
export const renderNonce = () => randomBytes(16).toString("base64");

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

/**
 * The inline scripts of a rendered page, made cacheable under a hash-based CSP
 * (docs/decisions/0007-hash-based-csp.md). The render marks the scripts it writes with a one-off nonce; here
 * each marked inline script is hashed and the nonce is taken out of the page, so the bytes are the same for
 * every visitor and a script that reached the HTML any other way (an injection) is neither marked nor hashed.
 * `alsoAllowed` are scripts the page inserts itself at run time (the deferred module script).
 */
export function sealInlineScripts(
  html: string,
  nonce: string,
  alsoAllowed: string[] = [],
): { html: string; scriptHashes: string[] } {
  const hashes = new Set(alsoAllowed.map(sha256));
  const marked = `<script nonce="${nonce}"`;
  let sealed = "";
  let at = 0;
  for (let start = html.indexOf(marked); start !== -1; start = html.indexOf(marked, at)) {
    const open = html.indexOf(">", start) + 1;
    const close = html.indexOf("</script>", open);
    if (open === 0 || close === -1) break;
    const attributes = html.slice(start + marked.length, open - 1);
    const body = html.slice(open, close).replaceAll(nonce, "");
    if (!/\bsrc=/.test(attributes)) hashes.add(sha256(body));
    sealed += `${html.slice(at, start)}<script${attributes}>${body}`;
    at = close;
  }
  sealed += html.slice(at);
  return {
    html: sealed.replaceAll(` nonce="${nonce}"`, "").replaceAll(nonce, ""),
    scriptHashes: [...hashes],
  };
}

/** The bodies of the module scripts carrying this nonce (the deferred loader inserts them at run time). */
export function markedModuleScripts(html: string, nonce: string): string[] {
  const bodies: string[] = [];
  const pattern = /<script nonce="([^"]*)" type="module"[^>]*>([\s\S]*?)<\/script>/g;
  for (const [, mark, body] of html.matchAll(pattern)) if (mark === nonce) bodies.push(body!);
  return bodies;
}
