import type { EngagementModelKey } from "#shared/proof.ts";

/** Each engagement model's overview page, where a case study's model links. */
export const modelOverviewPaths: Record<EngagementModelKey, string> = {
  captive: "/details/features",
  managed_teams: "/managed-teams/manage_overview",
  bot: "/build-operator/bot_modal",
};
