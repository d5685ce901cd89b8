/** The pure parts of `npm run bench:wordpress`: reading wrk's output, medians, and the printed table. */

export interface WrkResult {
  rps: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** One run of `wrk --latency`: requests per second, p99, and what did not answer 2xx/3xx. */
export function parseWrk(output: string): WrkResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  if (!Number.isFinite(rps)) throw new Error(`could not read wrk's output:\n${output}`);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(output);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? NaN);
  return {
    rps,
    // With no answer in the run, wrk prints a latency of 0: there is no p99 to report.
    p99Ms: p99 && requests > 0 ? Number(p99[1]) * UNIT_MS[p99[2]!]! : NaN,
    requests,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    errors: errors ? errors.slice(1).reduce((n, v) => n + Number(v), 0) : 0,
  };
}

/** The middle value (the upper middle of an even count); NaN for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** The median round of several wrk runs: median req/s and median p99, failures summed. */
export function medianOfRounds(rounds: WrkResult[]): WrkResult {
  return {
    rps: median(rounds.map((r) => r.rps)),
    // A round in which nothing answered was slower than any that did.
    p99Ms: median(rounds.map((r) => (Number.isNaN(r.p99Ms) ? Infinity : r.p99Ms))),
    requests: rounds.reduce((n, r) => n + r.requests, 0),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
  };
}

export const PAGE_NAMES = ["home", "blog list", "post"] as const;
export type PageName = (typeof PAGE_NAMES)[number];

export interface Lighthouse {
  performance: number;
  lcpMs: number;
  tbtMs: number;
}

/** Everything measured for one server (ours or one WordPress setup); parts left out were not measured. */
export interface Column {
  name: string;
  load: Record<PageName, WrkResult>;
  /** Brotli (quality 11) size of each page's HTML. */
  htmlBrotli?: Record<PageName, number>;
  /** What this server sends a browser for the HTML, and in which encoding. */
  htmlSent?: Record<PageName, { bytes: number; encoding: string }>;
  /** Gzip -9 of every script the page ran in Chromium (files and inline scripts together), and how many of each. */
  js?: Record<PageName, { bytes: number; files: number; inline: number }>;
  lighthouse?: Record<PageName, Lighthouse>;
}

const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "–");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
const ms = (n: number) =>
  n === Infinity
    ? "no answer"
    : !Number.isFinite(n)
      ? "–"
      : n >= 1000
        ? `${(n / 1000).toFixed(2)} s`
        : `${n.toFixed(n < 10 ? 1 : 0)} ms`;

/** A Markdown table: one row per figure and page, one column per server; "same" where a part was measured once. */
export function renderTable(columns: Column[]): string {
  const per = (label: string, cell: (c: Column) => string) =>
    `| ${label} | ${columns.map((c) => cell(c)).join(" | ")} |`;
  // "same": the WordPress setups send the same page, so its bytes are measured once; "–": not measured.
  const three = (values: (page: PageName) => string | undefined, missing = "same") => {
    const parts = PAGE_NAMES.map(values);
    return parts.some((p) => p === undefined) ? missing : parts.join(" / ");
  };
  const lines = [
    `| | ${columns.map((c) => c.name).join(" | ")} |`,
    `|---|${columns.map(() => "---:").join("|")}|`,
  ];
  for (const page of PAGE_NAMES) lines.push(per(`${page}: req/s`, (c) => int(c.load[page].rps)));
  for (const page of PAGE_NAMES) lines.push(per(`${page}: p99`, (c) => ms(c.load[page].p99Ms)));
  lines.push(
    per("HTML brotli, KB (home / blog / post)", (c) => three((p) => c.htmlBrotli && kb(c.htmlBrotli[p]))),
    per("HTML as sent, KB", (c) =>
      three((p) => c.htmlSent && `${kb(c.htmlSent[p].bytes)} ${c.htmlSent[p].encoding}`),
    ),
    per("JavaScript gzip, KB (files + inline)", (c) =>
      three((p) => c.js && `${kb(c.js[p].bytes)} (${c.js[p].files} + ${c.js[p].inline})`),
    ),
    per("Lighthouse performance", (c) =>
      three((p) => c.lighthouse && String(c.lighthouse[p].performance), "–"),
    ),
    per("Lighthouse LCP", (c) => three((p) => c.lighthouse && ms(c.lighthouse[p].lcpMs), "–")),
    per("Lighthouse TBT", (c) => three((p) => c.lighthouse && ms(c.lighthouse[p].tbtMs), "–")),
  );
  return lines.join("\n");
}
