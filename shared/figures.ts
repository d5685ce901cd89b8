/**
 * The figures the public site quotes (talent pipeline, leadership experience, centres set up). They are one
 * site setting each, edited in the console; copy in `shared/content/` names them with a token such as
 * `{candidates}` and the page's loader fills it in with `withFigures`, so no figure is written twice.
 */
export interface SiteFigures {
  /** Pre-screened candidates in the talent pipeline ("5,000+"). */
  candidates: number;
  /** Years of leadership experience the leadership team has between them ("120+"). */
  leadership_years: number;
  /** Capability centres set up for clients; 0 keeps the figure off the site. */
  centres_set_up: number;
}

export const FIGURE_NAMES = [
  "candidates",
  "leadership_years",
  "centres_set_up",
] as const satisfies readonly (keyof SiteFigures)[];

/** What the site says before an administrator sets the figures. */
export const DEFAULT_FIGURES: SiteFigures = { candidates: 5000, leadership_years: 120, centres_set_up: 0 };

/** A figure as the site writes it: digits grouped in thousands ("5,000"). */
export const formatFigure = (n: number) => n.toLocaleString("en-US");

const TOKEN = /\{(candidates|leadership_years|centres_set_up)\}/g;

/** One text with its figure tokens filled in. */
export function fillFigures(text: string, figures: SiteFigures): string {
  return text.replace(TOKEN, (_, name: keyof SiteFigures) => formatFigure(figures[name]));
}

/** Every string in `value` (objects and arrays walked) with its figure tokens filled in. */
export function withFigures<T>(value: T, figures: SiteFigures): T {
  if (typeof value === "string") return fillFigures(value, figures) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => withFigures(v, figures)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, withFigures(v as unknown, figures)]),
    ) as T;
  }
  return value;
}
