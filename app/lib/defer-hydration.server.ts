import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { OfflineNotice } from "../components/layout/offline-notice";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;
export const PRELOADS_PER_TASK = 2;

/** The markup of root.tsx's offline view, for the loader to show before React can render it. */
const OFFLINE_NOTICE = renderToStaticMarkup(createElement(OfflineNotice));

/**
 * The inline loader, the same code on every page: `d` holds the page's data (preloads, module code, offline
 * notice). The module script it inserts runs because the page's policy lists its hash (ADR 0007). Written one statement per line for reading; the line breaks are removed below, so every
 * statement ends with a semicolon or a brace.
 *
 * Loading: waits for the first contentful paint entry, which is recorded once the frame is on screen;
 * browsers without paint timing wait one frame instead, and a page that never paints (hidden tab) waits
 * 3 s. Then it inserts the preloads a few per task (each insertion costs a little while the page is still
 * loading; twenty in one go made one long task on a slow phone) and the module script in a task of its own.
 *
 * Offline until React has hydrated (root.tsx sets data-hydrated, then shows its own offline view): the
 * page's children are hidden behind root.tsx's offline notice, nothing is inserted while offline, and back
 * online everything is inserted again. That retry is what makes a load that failed mid-way recover without
 * a reload: Chromium does not keep failed module fetches in the module map (whatwg/html#10327), so the same
 * URLs fetch what failed, and what had loaded comes from the module map without running twice.
 */
const LOADER = `(function (d) {
  var painted = false, notice = null, hidden = [];
  function insert(i) {
    if (!navigator.onLine) return;
    if (i < d.preloads.length) {
      for (var end = Math.min(i + ${PRELOADS_PER_TASK}, d.preloads.length); i < end; i++) {
        var l = document.createElement("link");
        l.rel = "modulepreload";
        l.href = d.preloads[i];
        document.head.appendChild(l);
      }
      setTimeout(function () { insert(i); });
    } else {
      var s = document.createElement("script");
      s.type = "module";
      s.textContent = d.module;
      document.body.appendChild(s);
    }
  }
  function paint() {
    if (painted) return;
    painted = true;
    insert(0);
  }
  function offline() {
    if (notice) return;
    for (var c = document.body.children, i = 0; i < c.length; i++) {
      if (!c[i].hidden) { c[i].hidden = true; hidden.push(c[i]); }
    }
    document.body.insertAdjacentHTML("beforeend", d.offline);
    notice = document.body.lastElementChild;
  }
  function restore() {
    if (notice) notice.remove();
    notice = null;
    while (hidden.length) hidden.pop().hidden = false;
  }
  function online() {
    restore();
    if (painted) insert(0);
  }
  addEventListener("offline", offline);
  addEventListener("online", online);
  new MutationObserver(function (records, observer) {
    observer.disconnect();
    removeEventListener("offline", offline);
    removeEventListener("online", online);
    restore();
  }).observe(document.documentElement, { attributeFilter: ["data-hydrated"] });
  if (!navigator.onLine) offline();
  var P = window.PerformanceObserver;
  if (P && P.supportedEntryTypes && P.supportedEntryTypes.indexOf("paint") >= 0) {
    new P(function (list, o) {
      if (list.getEntriesByName("first-contentful-paint").length) { o.disconnect(); paint(); }
    }).observe({ type: "paint", buffered: true });
    setTimeout(paint, 3000);
  } else requestAnimationFrame(function () { setTimeout(paint); });
})`.replace(/\n\s*/g, "");

/**
 * Starts loading the page's JavaScript after the server-rendered HTML has painted. React Router puts
 * module preloads in the head and a module script in the body, so on a slow connection the JavaScript
 * (about 120 KB) downloads alongside the stylesheet and delays the first paint (Lighthouse counts it
 * against LCP). Here both are written by the inline loader once the first paint is on screen: same files,
 * same order, nothing else changes. The loader carries the render's nonce, so entry.server hashes it into
 * the policy (script-hashes.server.ts). A document without them passes untouched.
 */
export function deferHydration(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const [tag, nonce, body] = script as unknown as [string, string, string];
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const data = { preloads, module: body, offline: OFFLINE_NOTICE };
  // JSON with "<" escaped keeps the data inert inside this inline script (no "</script>" can end it early).
  const json = JSON.stringify(data).replaceAll("<", "\\u003c");
  const loader = `<script nonce="${nonce}">${LOADER}(${json})</script>`;
  return html.replace(MODULE_PRELOAD, "").replace(tag, loader);
}
