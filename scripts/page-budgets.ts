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
  // The models' comparison, leaders' portraits and the Models menu's overview links are markup React still
  // hydrates: about 250 B over ADR 0003's 120 KB, held at 121 KB until public pages stop hydrating at all.
  { path: "/", budget: kb(121) },
  { path: "/about-page", budget: kb(132) },
  // The proof blocks' links and the figures filled into the copy (about 300 B) came after the 2026-11-27 measure.
  { path: "/consulting-services", budget: kb(131) },
  // The same comparison and menu links (about 300 B) came after the 2026-11-27 measure.
  { path: "/details/initiation", budget: kb(132) },
  { path: "/contact", budget: kb(132) },
  // The Subscribe box and the list's words in Hindi and Tamil (about 1.2 KB) came after the 2026-11-27 measure.
  { path: "/blog", budget: kb(124) },
  // The "Case studies" link in the About menu and the footer (19 B in the shell every page loads) came after the
  // 2026-11-27 measure, when this page was within 19 B of its budget.
  // The root's switch to a page's own script (the booking pages) costs every page about 70 B; leaders' portraits
  // and links to their pages about 500 B.
  { path: "/leadership-page", budget: kb(121) },
  // The job-alert form under empty or few results (1.4 KB), the location and type filters and the panel for an
  // empty list with its general application (about 1 KB) came after the 2026-11-27 measure.
  { path: "/Careers-page", budget: kb(125) },
  // Plain HTML forms with one small script of their own instead of React's (root.tsx, `handle.script`).
  { path: "/book-a-call", budget: kb(80) },
];

/**
 * A post's page; a job's page may weigh 8 KB more than before it took applications (122 KB), and 1 KB more for
 * what every page gained since (menu links to the models' overviews and case studies, the page-script switch).
 */
export const POST_BUDGET = kb(137);
export const JOB_BUDGET = kb(131);
