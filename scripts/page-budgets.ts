/** What a public page may cost: checked by `npm run bench:web` (Lighthouse) and, for bytes, by tests/e2e/shell.test.ts. */
export interface Budget extends LighthouseScores {
  /** Gzip bytes of the page's own-origin JavaScript and CSS (1 KB = 1024 bytes, as Lighthouse counts). */
  jsGzipBytes: number;
  cssGzipBytes: number;
}

/** What Lighthouse measures of a page: category scores (0-100) and the metrics the budgets bound. */
export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

export const DEFAULT_BUDGET: Budget = {
  jsGzipBytes: 120 * 1024,
  cssGzipBytes: 25 * 1024,
  performance: 95,
  accessibility: 95,
  bestPractices: 95,
  seo: 100,
  lcpMs: 1500,
  cls: 0.02,
  tbtMs: 100,
};

const kb = (n: number) => ({ jsGzipBytes: n * 1024 });

/**
 * JavaScript budgets: the home page's 120 KB (ADR 0003); every other page what it loaded on 2026-11-27 plus
 * about 1 KB (docs/performance.md, "JavaScript per page"), so no page grows unnoticed. The blog's pages carry
 * the words around a post in three languages (ADR 0016).
 */
export const PAGES: { path: string; budget?: Partial<Budget> }[] = [
  { path: "/" },
  { path: "/about-page", budget: kb(132) },
  { path: "/consulting-services", budget: kb(130) },
  { path: "/details/initiation", budget: kb(131) },
  { path: "/contact", budget: kb(132) },
  // The Subscribe box and the list's words in Hindi and Tamil (about 1.2 KB) came after the 2026-11-27 measure.
  { path: "/blog", budget: kb(124) },
  // The "Case studies" link in the About menu and the footer (19 B in the shell every page loads) came after the
  // 2026-11-27 measure, when this page was within 19 B of its budget.
  { path: "/leadership-page", budget: kb(120) },
  // The job-alert form under empty or few results (1.4 KB), the location and type filters and the panel for an
  // empty list with its general application (about 1 KB) came after the 2026-11-27 measure.
  { path: "/Careers-page", budget: kb(125) },
];

/** A post's page; a job's page may weigh 8 KB more than before it took applications (122 KB). */
export const POST_BUDGET = kb(137);
export const JOB_BUDGET = kb(130);
