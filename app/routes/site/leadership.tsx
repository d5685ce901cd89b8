import { useState } from "react";
import { data, isRouteErrorResponse } from "react-router";
import type { TeamMember } from "#schemas/team.ts";
import type { Route } from "./+types/leadership";
import { MemberCard } from "#app/components/team/member-card.tsx";
import { MemberModal } from "#app/components/team/member-modal.tsx";
import { absoluteUrl, breadcrumbs, jsonLd, pageTitle, seoMeta, SITE_NAME } from "#app/lib/seo.ts";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { members: await context.services.team.list(), baseUrl: context.baseUrl };
  } catch (error) {
    console.error("leadership page: loading the team failed", error);
    throw data(null, { status: 503, statusText: "Service Unavailable" });
  }
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const baseUrl = loaderData?.baseUrl ?? "";
  const description =
    "Meet the leadership team behind GCC View 360: 400 years of collective experience in setting up and running Global Capability Centers in India.";
  if (!loaderData)
    return [{ title: pageTitle("Our Leadership Team") }, { name: "description", content: description }];
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
        jobTitle: m.position,
        ...(m.image ? { image: absoluteUrl(baseUrl, m.image) } : {}),
        ...(m.description ? { description: m.description } : {}),
        worksFor: { "@type": "Organization", name: SITE_NAME, url: absoluteUrl(baseUrl, "/") },
      })),
    }),
  ];
}

function Intro() {
  return (
    <div className="bg-navy-900 py-14 text-white sm:py-20">
      <div className="container-page">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent-400">Leadership</p>
        <h1 className="mt-2 text-4xl font-bold sm:text-5xl">Our Leadership Team</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-200">
          Together our leaders bring 400 years of collective experience in building, staffing and running
          Global Capability Centers for companies around the world.
        </p>
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
      <Intro />
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
