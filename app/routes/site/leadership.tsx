import { useState } from "react";
import { data, isRouteErrorResponse } from "react-router";
import type { TeamMember } from "#schemas/team.ts";
import { leadershipIntro } from "#shared/content/about.ts";
import { withFigures } from "#shared/figures.ts";
import { leaderPath } from "#shared/portrait.ts";
import type { Route } from "./+types/leadership";
import { MemberCard } from "#app/components/team/member-card.tsx";
import { MemberModal } from "#app/components/team/member-modal.tsx";
import { absoluteUrl, breadcrumbs, jsonLd, pageTitle, seoMeta, SITE_NAME } from "#app/lib/seo.ts";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const [members, settings] = await Promise.all([
      context.services.team.list(),
      context.services.settings.get(),
    ]);
    // The years the introduction quotes are the site figure (shared/figures.ts).
    return { members, intro: withFigures(leadershipIntro, settings.figures), baseUrl: context.baseUrl };
  } catch (error) {
    console.error("leadership page: loading the team failed", error);
    throw data(null, { status: 503, statusText: "Service Unavailable" });
  }
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const baseUrl = loaderData?.baseUrl ?? "";
  if (!loaderData) return [{ title: pageTitle("Our Leadership Team") }];
  const { description } = loaderData.intro;
  return [
    ...seoMeta({ title: "Our Leadership Team", description, path: "/leadership-page", baseUrl }),
    breadcrumbs(baseUrl, [
      ["Home", "/"],
      ["Leadership", "/leadership-page"],
    ]),
    jsonLd({
      "@context": "https://schema.org",
      "@graph": loaderData.members.map((m) => ({
        "@type": "Person",
        name: m.name,
        url: absoluteUrl(baseUrl, leaderPath(m.slug)),
        jobTitle: m.position,
        ...(m.image ? { image: absoluteUrl(baseUrl, m.image) } : {}),
        ...(m.description ? { description: m.description } : {}),
        worksFor: { "@type": "Organization", name: SITE_NAME, url: absoluteUrl(baseUrl, "/") },
      })),
    }),
  ];
}

function Intro({ text }: { text?: string }) {
  return (
    <div className="bg-navy-900 py-14 text-white sm:py-20">
      <div className="container-page">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent-400">Leadership</p>
        <h1 className="mt-2 text-4xl font-bold sm:text-5xl">Our Leadership Team</h1>
        {text ? <p className="mt-4 max-w-2xl text-lg text-slate-200">{text}</p> : null}
      </div>
    </div>
  );
}

export default function Leadership({ loaderData }: Route.ComponentProps) {
  // The spec's page shows the API's order reversed.
  const members = [...loaderData.members].reverse();
  const [selected, setSelected] = useState<TeamMember | null>(null);
  return (
    <>
      <Intro text={loaderData.intro.text} />
      <section className="container-page py-12 sm:py-16" aria-label="Team members">
        {members.length === 0 ? (
          <p className="py-10 text-center text-slate-600">Our team will be introduced here soon.</p>
        ) : (
          <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {members.map((member) => (
              <li key={member.id} className="flex *:w-full">
                <MemberCard member={member} onReadMore={() => setSelected(member)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <MemberModal member={selected} onClose={() => setSelected(null)} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error)
    ? `Error ${error.status}: ${error.statusText}`
    : "Network error. Please try again later.";
  return (
    <>
      <Intro />
      <section className="container-page py-16">
        <p
          role="alert"
          className="mx-auto max-w-xl rounded-xl border border-red-200 bg-red-50 px-6 py-4 text-center font-medium text-red-800"
        >
          {message}
        </p>
      </section>
    </>
  );
}
