import { Transform } from "node:stream";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;
export const PRELOADS_PER_TASK = 2;

/**
 * Starts loading the page's JavaScript after the server-rendered HTML has painted. React Router puts
 * module preloads in the head and a module script in the body, so on a slow connection the JavaScript
 * (about 120 KB) downloads alongside the stylesheet and delays the first paint (Lighthouse counts it
 * against LCP). Here both are written by a small inline script once the first paint is on screen:
 * same files, same order, same nonce, nothing else changes. A document without them passes untouched.
 */
export function deferHydration(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const [tag, nonce, body] = script as unknown as [string, string, string];
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  // JSON with "<" escaped keeps the code inert inside this inline script (no "</script>" can end it early).
  const json = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");
  // Waits for the first contentful paint entry, which is recorded once the frame is on screen; browsers
  // without paint timing wait one frame instead, and a page that never paints (hidden tab) waits 3 s.
  // Then inserts the preloads a few per task (each insertion costs a little while the page is still
  // loading; twenty in one go made one long task on a slow phone) and the module script in a task of its own.
  const loader =
    `<script nonce="${nonce}">(function(){var done=false,n=${json(nonce)},h=${json(preloads)};` +
    `function step(i){for(var end=Math.min(i+${PRELOADS_PER_TASK},h.length);i<end;i++){` +
    `var l=document.createElement("link");l.rel="modulepreload";l.href=h[i];l.nonce=n;document.head.appendChild(l)}` +
    `setTimeout(i<h.length?function(){step(i)}:function(){var s=document.createElement("script");` +
    `s.type="module";s.nonce=n;s.textContent=${json(body)};document.body.appendChild(s)})}` +
    `function load(){if(done)return;done=true;step(0)}` +
    `var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){` +
    `new P(function(list,o){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();load()}})` +
    `.observe({type:"paint",buffered:true});setTimeout(load,3000)}` +
    `else requestAnimationFrame(function(){setTimeout(load)})})()</script>`;
  return html.replace(MODULE_PRELOAD, "").replace(tag, loader);
}

/** The document is complete before it is sent (entry.server waits for all of it), so it is rewritten whole. */
export function deferHydrationStream(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
    flush(done) {
      done(null, deferHydration(Buffer.concat(chunks).toString("utf8")));
    },
  });
}
