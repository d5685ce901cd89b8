import { runInNewContext } from "node:vm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OfflineNotice } from "../components/layout/offline-notice";
import { deferHydration, PRELOADS_PER_TASK } from "./defer-hydration.server";

const moduleBody =
  ';\nimport * as route0 from "/assets/root.js";\nwindow.__x = "<!-- <b>";\nimport("/assets/entry.client.js");';
const page =
  '<html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc=="/><link rel="modulepreload" href="/assets/root.js" nonce="abc=="/>' +
  '</head><body><h1>Café</h1><script nonce="abc==">window.__ctx = {};</script>' +
  `<script nonce="abc==" type="module" async="">${moduleBody}</script></body></html>`;
const offlineNotice = renderToStaticMarkup(createElement(OfflineNotice));

/** An element of the minimal DOM below: what the loader sets on it lands in its own properties. */
type Element = Record<string, unknown> & { tag: string; hidden: boolean };

/** The last inline script of a document, which deferHydration writes. */
const loaderOf = (html: string) =>
  [...html.matchAll(/<script nonce="[^"]*">([\s\S]*?)<\/script>/g)].map((m) => m[1]!).at(-1)!;

/**
 * Runs the inline loader against a minimal DOM: `paintTiming` gives it a PerformanceObserver to wait on,
 * `onLine` is what navigator.onLine says when it starts.
 */
function runLoader(html: string, { paintTiming = false, onLine = true } = {}) {
  const added: Element[] = [];
  const children: Element[] = [{ tag: "div", hidden: false }];
  const timers: (() => void)[] = [];
  const listeners = new Map<string, () => void>();
  const navigator = { onLine };
  let observer:
    ((list: { getEntriesByName(name: string): unknown[] }, o: { disconnect(): void }) => void) | null = null;
  let hydrated: ((records: unknown[], o: { disconnect(): void }) => void) | null = null;
  let watched: string[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = ["paint"];
    constructor(callback: typeof observer) {
      observer = callback;
    }
    observe() {}
  }
  class MutationObserver {
    constructor(callback: typeof hydrated) {
      hydrated = callback;
    }
    observe(target: unknown, options: { attributeFilter: string[] }) {
      if (target === sandbox.document.documentElement) watched = options.attributeFilter;
    }
  }
  const sandbox = {
    window: paintTiming ? { PerformanceObserver } : {},
    navigator,
    MutationObserver,
    addEventListener: (type: string, f: () => void) => listeners.set(type, f),
    removeEventListener: (type: string, f: () => void) => listeners.get(type) === f && listeners.delete(type),
    requestAnimationFrame: (f: () => void) => f(),
    setTimeout: (f: () => void) => (paintTiming ? timers.push(f) : f()),
    document: {
      documentElement: {},
      createElement: (tag: string): Element => ({ tag, hidden: false }),
      head: { appendChild: (e: Element) => added.push(e) },
      body: {
        children,
        appendChild: (e: Element) => added.push(e),
        insertAdjacentHTML(position: string, markup: string) {
          const e: Element = { tag: "html", hidden: false, markup };
          e.remove = () => children.splice(children.indexOf(e), 1);
          if (position === "beforeend") children.push(e);
        },
        get lastElementChild() {
          return children.at(-1);
        },
      },
    },
  };
  runInNewContext(loaderOf(html), sandbox);
  /** Runs queued timers, including those they queue, like the event loop would. */
  const drain = () => {
    while (timers.length) timers.shift()!();
  };
  const paint = (names: string[]) =>
    observer?.({ getEntriesByName: (n) => names.filter((x) => x === n) }, { disconnect() {} });
  const connection = (online: boolean) => {
    navigator.onLine = online;
    listeners.get(online ? "online" : "offline")?.();
  };
  /** What the page shows: the notice's markup while the loader shows it, else the content. */
  const visible = () => children.filter((e) => !e.hidden).map((e) => e.markup ?? e.tag);
  let disconnected = false;
  const hydrate = () => hydrated?.([], { disconnect: () => (disconnected = true) });
  return {
    added,
    paint,
    drain,
    connection,
    visible,
    hydrate,
    /** The attributes of <html> whose changes the loader observes. */
    watched: () => watched,
    listening: () => [...listeners.keys()],
    disconnected: () => disconnected,
  };
}

/** The preloads' hrefs and "script" for the module script, in the order they were inserted. */
const inserted = (added: Element[]) => added.map((e) => e.href ?? e.tag);

describe("deferHydration", () => {
  it("moves the preloads and the module script behind the first paint, same files and order", () => {
    const out = deferHydration(page);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain('<script nonce="abc==" type="module"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(out).toContain("<h1>Café</h1>");
    expect(out.match(/<\/script>/g)).toHaveLength(2);
    // The module code travels as a string with "<" escaped, so nothing in it can open or close a tag.
    expect(out).not.toContain("<!-- <b>");
    const { added } = runLoader(out);
    expect(added.map((e) => [e.tag, e.rel ?? e.type, e.href])).toEqual([
      ["link", "modulepreload", "/assets/entry.client.js"],
      ["link", "modulepreload", "/assets/root.js"],
      ["script", "module", undefined],
    ]);
    // The loader carries the render's nonce, so the page's policy can list its hash; nothing else needs it.
    expect(out).toContain('<script nonce="abc==">(function');
    expect(added[2]!.textContent).toBe(moduleBody);
  });

  it("writes the same loader code on every page, only the data it is called with differs", () => {
    const other = page.replaceAll("abc==", "xyz+/=").replace("/assets/root.js", "/assets/home.js");
    const code = (html: string) => loaderOf(html).replace(/\(\{"preloads":[\s\S]*\}\)$/, "");
    expect(code(deferHydration(other))).toBe(code(deferHydration(page)));
    expect(code(deferHydration(page))).not.toContain("abc==");
  });

  it("waits for the first contentful paint where paint timing exists, with a timer as the fallback", () => {
    const out = deferHydration(page);
    const { added, paint, drain } = runLoader(out, { paintTiming: true });
    expect(added).toEqual([]);
    paint(["first-paint"]);
    expect(added).toEqual([]);
    paint(["first-contentful-paint"]);
    expect(added.map((e) => e.tag)).toEqual(["link", "link"]);
    drain(); // the script's own task, then the 3 s fallback, which must not load a second time
    expect(added.map((e) => e.tag)).toEqual(["link", "link", "script"]);
  });

  it("inserts many preloads a few per task, in order, and the module script after the last one", () => {
    const hrefs = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`);
    const many = page.replace(
      /(<link rel="modulepreload"[^>]*>)+/,
      hrefs.map((h) => `<link rel="modulepreload" href="${h}" nonce="abc=="/>`).join(""),
    );
    const { added, paint, drain } = runLoader(deferHydration(many), { paintTiming: true });
    paint(["first-contentful-paint"]);
    expect(added).toHaveLength(PRELOADS_PER_TASK);
    drain();
    expect(inserted(added)).toEqual([...hrefs, "script"]);
  });

  it("shows root.tsx's offline notice alone and loads nothing while offline, then loads once back online", () => {
    const { added, paint, drain, connection, visible } = runLoader(deferHydration(page), {
      paintTiming: true,
    });
    expect(visible()).toEqual(["div"]);
    connection(false);
    expect(visible()).toEqual([offlineNotice]);
    expect(offlineNotice).toContain('role="alert"');
    expect(offlineNotice).toContain(">No internet connection<");
    paint(["first-contentful-paint"]);
    drain();
    expect(added).toEqual([]);
    connection(true);
    expect(visible()).toEqual(["div"]);
    drain();
    expect(inserted(added)).toEqual(["/assets/entry.client.js", "/assets/root.js", "script"]);
  });

  it("shows the notice at once when the browser is already offline as the loader starts", () => {
    const { added, paint, drain, visible } = runLoader(deferHydration(page), {
      paintTiming: true,
      onLine: false,
    });
    expect(visible()).toEqual([offlineNotice]);
    paint(["first-contentful-paint"]);
    drain();
    expect(added).toEqual([]);
  });

  it("stops inserting while offline and inserts everything again once back online, so what failed is fetched again", () => {
    const { added, paint, drain, connection, visible } = runLoader(deferHydration(page), {
      paintTiming: true,
    });
    paint(["first-contentful-paint"]);
    connection(false);
    drain();
    expect(visible()).toEqual([offlineNotice]);
    const preloads = ["/assets/entry.client.js", "/assets/root.js"];
    expect(inserted(added)).toEqual(preloads); // the module script waits for the connection
    connection(true);
    drain();
    expect(inserted(added)).toEqual([...preloads, ...preloads, "script"]);
    expect(visible()).toEqual(["div"]);
  });

  it("hands over to React once it has hydrated: removes the notice and stops listening", () => {
    const loader = runLoader(deferHydration(page), { paintTiming: true });
    loader.paint(["first-contentful-paint"]);
    loader.drain();
    loader.connection(false);
    expect(loader.watched()).toEqual(["data-hydrated"]);
    expect(loader.listening()).toEqual(["offline", "online"]);
    loader.hydrate();
    expect(loader.visible()).toEqual(["div"]);
    expect(loader.disconnected()).toBe(true);
    expect(loader.listening()).toEqual([]);
    loader.connection(true);
    loader.drain();
    expect(loader.added).toHaveLength(3);
  });

  it("leaves a document without a module script untouched", () => {
    const plain = "<html><body><p>Not found</p></body></html>";
    expect(deferHydration(plain)).toBe(plain);
  });
});
