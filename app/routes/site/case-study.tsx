import { data, Link } from "react-router";
import { PageHero, RouteErrorBoundary } from "#app/components/marketing/page.tsx";
import { ExampleBadge } from "#app/components/proof/example-badge.tsx";
import { modelOverviewPaths } from "#app/components/proof/model-paths.ts";
import { Picture } from "#app/components/proof/picture.tsx";
import { CaseStudyShare } from "#app/components/proof/share.tsx";
import { absoluteUrl, breadcrumbs, jsonLd, seoMeta, SITE_NAME } from "#app/lib/seo.ts";
import { caseStudyPath, clientOf, engagementModelLabels } from "#shared/proof.ts";
import { timeAttribute } from "#shared/india-time.ts";
import type { Route } from "./+types/case-study";
import type { ScriptHandle } from "#app/lib/hydration.ts";

// HTML with the site script, no React in the browser (ADR 0028).
export const handle: ScriptHandle = { hydrate: false };

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^[a-z0-9-]{1,80}$/.test(params.slug)) throw data(null, { status: 404 });
  let study;
  try {
    study = await context.services.proof.getCaseStudy(params.slug);
  } catch (error) {
    console.error("case study: loading failed", error);
    throw data(null, { status: 503, statusText: "Service Unavailable" });
  }
  if (!study) throw data(null, { status: 404 });
  const { id: _id, status: _status, sort_order: _order, ...page } = study;
  return { study: page, path: caseStudyPath(study.slug), baseUrl: context.baseUrl };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { study, path, baseUrl } = loaderData;
  const url = absoluteUrl(baseUrl, path);
  // The cover as a 1200×630 JPEG that every network shows (server/api/link-preview.ts).
  const preview = absoluteUrl(baseUrl, `/og/case-studies/${study.slug}.jpg`);
  return [
    ...seoMeta({
      title: study.title,
      description: study.summary,
      path,
      baseUrl,
      image: preview,
      imageAlt: study.cover_alt || undefined,
      type: "article",
    }),
    ...(study.published_at
      ? [{ property: "article:published_time", content: timeAttribute(study.published_at) }]
      : []),
    { property: "article:modified_time", content: timeAttribute(study.updated_at) },
    breadcrumbs(baseUrl, [
      ["Home", "/"],
      ["Case studies", "/case-studies"],
      [study.title, path],
    ]),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: study.title,
      description: study.summary,
      url,
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      image: [study.cover_image ? absoluteUrl(baseUrl, study.cover_image) : preview],
      ...(study.published_at ? { datePublished: timeAttribute(study.published_at) } : {}),
      dateModified: timeAttribute(study.updated_at),
      author: { "@type": "Organization", name: SITE_NAME, url: absoluteUrl(baseUrl, "/") },
      publisher: {
        "@type": "Organization",
        name: SITE_NAME,
        logo: { "@type": "ImageObject", url: absoluteUrl(baseUrl, "/favicon.svg") },
      },
      about: study.industry,
      ...(study.city ? { contentLocation: { "@type": "Place", name: study.city } } : {}),
    }),
  ];
}

export default function CaseStudy({ loaderData }: Route.ComponentProps) {
  const { study, path, baseUrl } = loaderData;
  const facts = [
    ["Client", clientOf(study)],
    ["Industry", study.industry],
    ["Engagement model", engagementModelLabels[study.model]],
    ...(study.city ? [["City", study.city]] : []),
  ] as const;
  return (
    <>
      <PageHero
        title={study.title}
        eyebrow="Case study"
        lead={study.summary}
        trail={[
          ["Home", "/"],
          ["Case studies", "/case-studies"],
          [study.title, path],
        ]}
      >
        {study.is_example ? (
          <p className="mt-5 flex flex-wrap items-center gap-2 text-sm text-slate-200">
            <ExampleBadge /> Example content: it shows how a case study reads, not a real client.
          </p>
        ) : null}
      </PageHero>
      <article className="container-page grid gap-12 py-14 md:py-20 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="min-w-0">
          {study.outcomes.length > 0 ? (
            <section aria-labelledby="outcomes-heading">
              <h2 id="outcomes-heading" className="sr-only">
                Outcomes
              </h2>
              <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {study.outcomes.map((o) => (
                  <div
                    key={`${o.value}-${o.label}`}
                    className="flex flex-col-reverse rounded-2xl bg-navy-900 p-6 text-white"
                  >
                    <dt className="mt-1 text-slate-200">{o.label}</dt>
                    <dd className="text-4xl font-extrabold text-accent-400">{o.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          {study.cover_image ? (
            <Picture
              src={study.cover_image}
              alt={study.cover_alt}
              width={1200}
              height={630}
              decoding="async"
              className="mt-10 aspect-[1200/630] w-full rounded-2xl bg-slate-100 object-cover"
            />
          ) : null}
          {(
            [
              ["challenge", "The challenge", study.challenge],
              ["approach", "What we did", study.approach],
            ] as const
          ).map(([id, heading, text]) =>
            text ? (
              <section key={id} aria-labelledby={`${id}-heading`} className="mt-12">
                <h2 id={`${id}-heading`} className="text-2xl font-bold text-navy-900">
                  {heading}
                </h2>
                <div className="mt-4 space-y-4 text-lg leading-relaxed text-slate-700">
                  {paragraphs(text).map((p) => (
                    <p key={p}>{p}</p>
                  ))}
                </div>
              </section>
            ) : null,
          )}
          {study.quote ? (
            <figure className="mt-12 border-l-4 border-brand-600 pl-6">
              <blockquote className="text-xl leading-relaxed text-navy-900">
                <p>“{study.quote}”</p>
              </blockquote>
              {study.quote_attribution ? (
                <figcaption className="mt-3 text-slate-600">— {study.quote_attribution}</figcaption>
              ) : null}
            </figure>
          ) : null}
          <div className="mt-12">
            <CaseStudyShare url={absoluteUrl(baseUrl, path)} title={study.title} />
          </div>
        </div>
        <aside aria-labelledby="facts-heading" className="self-start rounded-2xl border border-slate-200 p-6">
          <h2 id="facts-heading" className="text-lg font-bold text-navy-900">
            At a glance
          </h2>
          <dl className="mt-4 space-y-3">
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt className="text-sm font-semibold uppercase tracking-wide text-slate-600">{term}</dt>
                <dd className="text-navy-900">
                  {term === "Engagement model" ? (
                    <Link
                      to={modelOverviewPaths[study.model]}
                      className="font-semibold text-brand-700 underline"
                    >
                      {value}
                    </Link>
                  ) : (
                    value
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <Link to="/contact" className="btn-primary mt-6 w-full justify-center">
            Talk to our team
          </Link>
        </aside>
      </article>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
