import { data, Link } from "react-router";
import { PageHero, RouteErrorBoundary } from "#app/components/marketing/page.tsx";
import { CaseStudyCardView } from "#app/components/proof/case-study-card.tsx";
import { absoluteUrl, breadcrumbs, jsonLd, pageTitle, seoMeta } from "#app/lib/seo.ts";
import { caseStudyPath } from "#shared/proof.ts";
import type { Route } from "./+types/case-studies";
import type { ScriptHandle } from "#app/lib/hydration.ts";

// HTML with the site script, no React in the browser (ADR 0028).
export const handle: ScriptHandle = { hydrate: false };

const TITLE = "Case studies";
const DESCRIPTION =
  "How companies set up and grew their Global Capability Centres in India with GCC View 360: the challenge, what was done and the outcomes.";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { studies: await context.services.proof.listCaseStudies(), baseUrl: context.baseUrl };
  } catch (error) {
    console.error("case studies: loading failed", error);
    throw data(null, { status: 503, statusText: "Service Unavailable" });
  }
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle(TITLE) }];
  const { baseUrl, studies } = loaderData;
  return [
    ...seoMeta({ title: TITLE, description: DESCRIPTION, path: "/case-studies", baseUrl }),
    breadcrumbs(baseUrl, [
      ["Home", "/"],
      [TITLE, "/case-studies"],
    ]),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "ItemList",
      itemListElement: studies.map((s, i) => ({
        "@type": "ListItem",
        position: i + 1,
        url: absoluteUrl(baseUrl, caseStudyPath(s.slug)),
        name: s.title,
      })),
    }),
  ];
}

export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  const { studies } = loaderData;
  return (
    <>
      <PageHero
        title={TITLE}
        eyebrow="Client stories"
        lead="What our clients set out to do, what we did together, and what it changed."
        trail={[
          ["Home", "/"],
          [TITLE, "/case-studies"],
        ]}
      />
      <section aria-label="Case studies" className="container-page py-14 md:py-20">
        {studies.length === 0 ? (
          <p className="text-lg text-slate-700">
            Our first case studies are being written.{" "}
            <Link to="/contact" className="font-semibold text-brand-700 underline">
              Ask us
            </Link>{" "}
            about the centres we have set up.
          </p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {studies.map((study) => (
              <li key={study.slug}>
                <CaseStudyCardView study={study} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
