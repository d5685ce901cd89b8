/**
 * The engagement models side by side: the rows and columns of the comparison shown on the home page and on
 * each model's overview. The cell texts here are the defaults; an administrator edits them in the console
 * (site settings, `model_comparison`), and a cell left as it was keeps the text below.
 */
export const comparisonModels = [
  { key: "captive", label: "Captive GCC", path: "/details/features" },
  { key: "bot", label: "Build Operate Transfer", path: "/build-operator/bot_modal" },
  { key: "managed", label: "Managed Teams", path: "/managed-teams/manage_overview" },
] as const;

export const comparisonRows = [
  { key: "ownership", label: "Ownership" },
  { key: "time_to_hire", label: "Time to first hires" },
  { key: "cost", label: "Cost profile" },
  { key: "control", label: "Control" },
  { key: "risk", label: "Risk" },
  { key: "exit", label: "Exit" },
  { key: "size", label: "Typical size" },
] as const;

export type ComparisonModelKey = (typeof comparisonModels)[number]["key"];
export type ComparisonRowKey = (typeof comparisonRows)[number]["key"];
export type ModelComparison = Record<ComparisonRowKey, Record<ComparisonModelKey, string>>;

export const comparisonIntro = {
  eyebrow: "Compare the models",
  title: "The models side by side",
  caption: "The engagement models compared",
  text: "How the three engagement models differ on what matters most when you choose one.",
} as const;

export const defaultComparison: ModelComparison = {
  ownership: {
    captive: "Yours from day one: your own subsidiary in India.",
    bot: "Ours while we build and run the centre; yours at the transfer.",
    managed: "We employ the team; the work and its intellectual property are yours.",
  },
  time_to_hire: {
    captive: "4 to 6 months: the entity, registrations and workspace come first.",
    bot: "8 to 12 weeks, on our entity and in our workspace.",
    managed: "4 to 8 weeks from the signed agreement.",
  },
  cost: {
    captive: "The highest set-up cost and the lowest running cost at scale.",
    bot: "A management fee while we operate, and a transfer fee agreed up front.",
    managed: "One monthly fee per person, with no set-up cost.",
  },
  control: {
    captive: "Full control of people, processes and governance.",
    bot: "You set the priorities; we run operations until the transfer.",
    managed: "You direct the daily work; we run employment and compliance.",
  },
  risk: {
    captive: "Legal, tax and hiring risk are all yours.",
    bot: "We carry the set-up and operating risk until the transfer.",
    managed: "The lowest: we carry the employment and compliance risk.",
  },
  exit: {
    captive: "Sell or wind down the entity under Indian law.",
    bot: "Take ownership at the agreed date and price, or end the contract.",
    managed: "End the agreement at its notice, or move the team to your own entity.",
  },
  size: {
    captive: "100 people or more.",
    bot: "50 to 500 people.",
    managed: "5 to 50 people.",
  },
};

/** The comparison as the site shows it: the settings' texts over the defaults, cell by cell. */
export function resolveComparison(
  saved: Partial<Record<ComparisonRowKey, Partial<Record<ComparisonModelKey, string>>>> | undefined,
): ModelComparison {
  return Object.fromEntries(
    comparisonRows.map(({ key }) => [key, { ...defaultComparison[key], ...saved?.[key] }]),
  ) as ModelComparison;
}

/** What a page's loader hands the comparison: labels, intro and the cells (the page's script imports no copy). */
export interface ComparisonView {
  intro: typeof comparisonIntro;
  models: typeof comparisonModels;
  rows: typeof comparisonRows;
  cells: ModelComparison;
}

export function comparisonView(saved: Parameters<typeof resolveComparison>[0]): ComparisonView {
  return {
    intro: comparisonIntro,
    models: comparisonModels,
    rows: comparisonRows,
    cells: resolveComparison(saved),
  };
}
