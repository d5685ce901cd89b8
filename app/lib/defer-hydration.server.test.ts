import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { deferHydration, deferHydrationStream, PRELOADS_PER_TASK } from "./defer-hydration.server";

const moduleBody =
  ';\nimport * as route0 from "/assets/root.js";\nwindow.__x = "<!-- <b>";\nimport("/assets/entry.client.js");';
const page =
  '<html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc=="/><link rel="modulepreload" href="/assets/root.js" nonce="abc=="/>' +
  '</head><body><h1>Café</h1><script nonce="abc==">window.__ctx = {};</script>' +
  `<script nonce="abc==" type="module" async="">${moduleBody}</script></body></html>`;

type Inserted = { tag: string; props: Record<string, string> };

/** Runs the inline loader against a minimal DOM; `paintTiming` gives it a PerformanceObserver to wait on. */
function runLoader(html: string, paintTiming = false) {
  const inline = [...html.matchAll(/<script nonce="abc==">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  const added: Inserted[] = [];
  const timers: (() => void)[] = [];
  let observer:
    ((list: { getEntriesByName(name: string): unknown[] }, o: { disconnect(): void }) => void) | null = null;
  class PerformanceObserver {
    static supportedEntryTypes = ["paint"];
    constructor(callback: typeof observer) {
      observer = callback;
    }
    observe() {}
  }
  const element = (tag: string): Inserted => ({ tag, props: {} });
  const sandbox = {
    window: paintTiming ? { PerformanceObserver } : {},
    requestAnimationFrame: (f: () => void) => f(),
    setTimeout: (f: () => void) => (paintTiming ? timers.push(f) : f()),
    document: {
      createElement: (tag: string) => {
        const e = element(tag);
        return new Proxy(e, { set: (_t, key, value) => ((e.props[String(key)] = value), true) });
      },
      head: { appendChild: (e: Inserted) => added.push(e) },
      body: { appendChild: (e: Inserted) => added.push(e) },
    },
  };
  runInNewContext(inline.at(-1)!, sandbox);
  /** Runs queued timers, including those they queue, like the event loop would. */
  const drain = () => {
    while (timers.length) timers.shift()!();
  };
  const paint = (names: string[]) =>
    observer?.({ getEntriesByName: (n) => names.filter((x) => x === n) }, { disconnect() {} });
  return { added, paint, drain };
}

describe("deferHydration", () => {
  it("moves the preloads and the module script behind the first paint, same files, order and nonce", () => {
    const out = deferHydration(page);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain('<script nonce="abc==" type="module"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(out).toContain("<h1>Café</h1>");
    expect(out.match(/<\/script>/g)).toHaveLength(2);
    // The module code travels as a string with "<" escaped, so nothing in it can open or close a tag.
    expect(out).not.toContain("<!-- <b>");
    const { added } = runLoader(out);
    expect(added.map((e) => [e.tag, e.props.rel ?? e.props.type, e.props.href, e.props.nonce])).toEqual([
      ["link", "modulepreload", "/assets/entry.client.js", "abc=="],
      ["link", "modulepreload", "/assets/root.js", "abc=="],
      ["script", "module", undefined, "abc=="],
    ]);
    expect(added[2]!.props.textContent).toBe(moduleBody);
  });

  it("waits for the first contentful paint where paint timing exists, with a timer as the fallback", () => {
    const out = deferHydration(page);
    const { added, paint, drain } = runLoader(out, true);
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
    const { added, paint, drain } = runLoader(deferHydration(many), true);
    paint(["first-contentful-paint"]);
    expect(added).toHaveLength(PRELOADS_PER_TASK);
    drain();
    expect(added.map((e) => e.props.href ?? e.tag)).toEqual([...hrefs, "script"]);
  });

  it("leaves a document without a module script untouched, also when streamed", async () => {
    const plain = "<html><body><p>Not found</p></body></html>";
    expect(deferHydration(plain)).toBe(plain);
    const bytes = Buffer.from(page);
    const streamed = await text(
      Readable.from([bytes.subarray(0, 101), bytes.subarray(101)]).pipe(deferHydrationStream()),
    );
    expect(streamed).toBe(deferHydration(page));
  });
});
