import type { AppLoadContext } from "react-router";
import { comparisonView, type ComparisonView } from "#shared/content/comparison.ts";

/** The models' comparison for a model's page: on its overview only (null elsewhere), texts from the site settings. */
export async function comparisonOnOverview(
  context: AppLoadContext,
  path: string,
  overviewPath: string,
): Promise<ComparisonView | null> {
  if (path !== overviewPath) return null;
  return comparisonView((await context.services.settings.get()).model_comparison);
}
