import type { Route } from "./+types/privacy";
import { PageHero } from "~/components/marketing/page";
import { seoMeta } from "~/lib/seo";

const PATH = "/privacy";

/** Shown until an admin writes the policy in Site settings. */
const DEFAULT_POLICY = `We collect the details you send us through the contact form and job applications (your name, contact details, CV and what you write) only to answer you and, for applications, to consider you for the position you applied for.

Your data is kept in our own systems in India and is not sold or shared with third parties. Job applications are anonymised some time after they are decided or the position closes, unless you agreed that we keep your CV for future openings.

You may ask us at any time which data we hold about you, to correct it, or to erase it, by writing to the e-mail address on our contact page.`;

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.services.settings.get();
  const text = settings.privacy_policy.trim() || DEFAULT_POLICY;
  return { paragraphs: text.split(/\n\s*\n/).map((p) => p.trim()), baseUrl: context.baseUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta({
    title: "Privacy policy",
    description:
      "How GCC View 360 handles the personal data you send through our forms and job applications.",
    path: PATH,
    baseUrl: loaderData?.baseUrl ?? "",
  });
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        title="Privacy policy"
        trail={[
          ["Home", "/"],
          ["Privacy policy", PATH],
        ]}
      />
      <div className="container-page max-w-3xl py-12 sm:py-16">
        {/* Plain text from Site settings, rendered as text: paragraphs and line breaks only. */}
        <div className="space-y-4 leading-relaxed text-slate-700">
          {loaderData.paragraphs.map((p, i) => (
            <p key={i} className="whitespace-pre-line">
              {p}
            </p>
          ))}
        </div>
      </div>
    </>
  );
}
