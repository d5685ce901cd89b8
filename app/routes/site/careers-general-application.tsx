import type { Route } from "./+types/careers-general-application";
import { ApplyPageHeader, ApplySection } from "#app/components/careers/apply-page.tsx";
import { applicationAction } from "#app/components/careers/application-action.server.ts";
import { breadcrumbs, seoMeta } from "#app/lib/seo.ts";
import { KEEP_CV_DAYS } from "#schemas/application.ts";
import { CAREERS_PATH, GENERAL_APPLICATION_PATH } from "#shared/paths.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { application_retention_days: retentionDays } = await context.services.settings.get();
  return { retentionDays, keepDays: KEEP_CV_DAYS, baseUrl: context.baseUrl };
}

/** The general application posted without JavaScript, with its CV (server/app.ts gives this page the body limit). */
export async function action({ request, context }: Route.ActionArgs) {
  return applicationAction(request, context, null);
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const baseUrl = loaderData?.baseUrl ?? "";
  return [
    ...seoMeta({
      title: "General application",
      description:
        "No open position fits? Send GCC View 360 your CV and a few lines about yourself, and our hiring team will contact you when an opening matches your profile.",
      path: GENERAL_APPLICATION_PATH,
      baseUrl,
    }),
    breadcrumbs(baseUrl, [
      ["Home", "/"],
      ["Careers", CAREERS_PATH],
      ["General application", GENERAL_APPLICATION_PATH],
    ]),
  ];
}

export default function GeneralApplication({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ApplyPageHeader title="General application">
        <p className="mt-3 max-w-2xl text-lg text-slate-200">
          No open position fits you? Send us your CV and a few lines about yourself. Our hiring team reads
          every application and will contact you when an opening matches your profile.
        </p>
      </ApplyPageHeader>
      <div className="container-page py-10 sm:py-14">
        <ApplySection
          heading="Send a general application"
          className="max-w-3xl"
          job={null}
          limits={loaderData}
          answer={actionData}
        />
      </div>
    </>
  );
}
