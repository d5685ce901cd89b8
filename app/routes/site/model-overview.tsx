import { redirect } from "react-router";
import { modelOverviewRedirects } from "#shared/content/models.ts";
import type { Route } from "./+types/model-overview";

/** `/details/build-operator` and `/details/managed-teams` answer with their own model's overview. */
export function loader({ url }: Route.LoaderArgs) {
  // `url`, not `request.url`: a client-side navigation requests `/details/build-operator.data`.
  const path = url.pathname as keyof typeof modelOverviewRedirects;
  return redirect(modelOverviewRedirects[path], 301);
}
