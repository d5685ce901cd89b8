import { Link, data } from "react-router";
import { MemberInitials, MemberPortrait } from "#app/components/team/member-portrait.tsx";
import { PageHero, RouteErrorBoundary } from "#app/components/marketing/page.tsx";
import { absoluteUrl, breadcrumbs, jsonLd, seoMeta, SITE_NAME } from "#app/lib/seo.ts";
import { truncate } from "#app/lib/text.ts";
import { leaderPath } from "#shared/portrait.ts";
import type { Route } from "./+types/leader";
import type { ScriptHandle } from "#app/lib/hydration.ts";

// HTML with the site script, no React in the browser (ADR 0028).
export const handle: ScriptHandle = { hydrate: false };

const LIST_PATH = "/leadership-page";

/** One leader's own page, /leadership/{slug}: photo (or initials), role, story and LinkedIn profile. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const member = await context.services.team.getBySlug(params.slug);
  if (!member) throw data(null, { status: 404 });
  const path = leaderPath(member.slug);
  const description = member.description
    ? truncate(member.description, 160)
    : `${member.name} is ${member.position} at ${SITE_NAME}.`;
  return {
    member,
    trail: [
      ["Home", "/"],
      ["Leadership", LIST_PATH],
      [member.name, path],
    ] as [string, string][],
    meta: [
      ...seoMeta({
        title: `${member.name}, ${member.position}`,
        description,
        path,
        baseUrl: context.baseUrl,
        type: "profile",
      }),
      breadcrumbs(context.baseUrl, [
        ["Home", "/"],
        ["Leadership", LIST_PATH],
        [member.name, path],
      ]),
      jsonLd({
        "@context": "https://schema.org",
        "@type": "Person",
        name: member.name,
        jobTitle: member.position,
        url: absoluteUrl(context.baseUrl, path),
        ...(member.image ? { image: absoluteUrl(context.baseUrl, member.image) } : {}),
        ...(member.description ? { description: member.description } : {}),
        ...(member.linkedin ? { sameAs: [member.linkedin] } : {}),
        worksFor: { "@type": "Organization", name: SITE_NAME, url: absoluteUrl(context.baseUrl, "/") },
      }),
    ],
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData?.meta ?? [];
}

export default function LeaderPage({ loaderData }: Route.ComponentProps) {
  const { member, trail } = loaderData;
  const paragraphs = member.description.split(/\n\s*\n/).filter((p) => p.trim());
  return (
    <>
      <PageHero title={member.name} eyebrow="Leadership" lead={member.position} trail={trail} />
      <section className="container-page grid gap-10 py-12 sm:py-16 md:grid-cols-[280px_minmax(0,1fr)]">
        <div className="w-full max-w-[280px]">
          {member.image ? (
            <MemberPortrait
              member={member}
              className="aspect-square w-full rounded-2xl bg-slate-100 object-cover"
            />
          ) : (
            <MemberInitials name={member.name} className="aspect-square w-full rounded-2xl text-7xl" />
          )}
        </div>
        <div className="max-w-2xl">
          <h2 className="text-2xl font-bold text-navy-900">About {member.name}</h2>
          {paragraphs.length > 0 ? (
            paragraphs.map((p, i) => (
              <p key={i} className="mt-4 leading-relaxed text-slate-700">
                {p}
              </p>
            ))
          ) : (
            <p className="mt-4 text-slate-600">
              {member.name} is {member.position} at {SITE_NAME}.
            </p>
          )}
          <div className="mt-8 flex flex-wrap gap-3">
            {member.linkedin ? (
              <a href={member.linkedin} rel="me noopener" className="btn-primary px-5 py-2.5">
                LinkedIn profile<span className="sr-only"> of {member.name}</span>
              </a>
            ) : null}
            <Link to={LIST_PATH} className="btn-secondary px-5 py-2.5">
              All leaders
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
