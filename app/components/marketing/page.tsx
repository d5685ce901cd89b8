import { Check, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, NavLink, useRouteError } from "react-router";
import { FailureContent, HomeLink, NotFoundContent } from "#app/components/layout/not-found.tsx";
import type { ContentSection, Feature } from "#shared/content/types.ts";
import { Icon } from "./icon";
import { SectionHeading } from "./section-heading";
import type { Crumb } from "./meta";

/** Navy banner at the top of every inner page: breadcrumbs, eyebrow, h1 and lead text. */
export function PageHero({
  title,
  eyebrow,
  lead,
  trail,
  children,
}: {
  title: string;
  eyebrow?: string;
  lead?: string;
  trail: readonly Crumb[];
  children?: ReactNode;
}) {
  return (
    <div className="relative isolate overflow-hidden bg-navy-900 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_85%_20%,rgba(20,163,139,0.35),transparent_45%),radial-gradient(circle_at_10%_90%,rgba(233,162,31,0.18),transparent_40%)]"
      />
      <div className="container-page py-14 md:py-20">
        <Breadcrumbs trail={trail} />
        {eyebrow && (
          <p className="mt-8 text-sm font-semibold uppercase tracking-[0.14em] text-accent-400">{eyebrow}</p>
        )}
        <h1
          className={`${eyebrow ? "mt-3" : "mt-8"} max-w-4xl text-3xl font-extrabold tracking-tight break-words sm:text-4xl md:text-5xl`}
        >
          {title}
        </h1>
        {lead && <p className="mt-5 max-w-3xl text-lg leading-relaxed text-slate-200">{lead}</p>}
        {children}
      </div>
    </div>
  );
}

export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-300">
        {trail.map(([name, path], i) => {
          const last = i === trail.length - 1;
          return (
            <li key={path} className="flex items-center gap-1.5">
              {last ? (
                <span aria-current="page" className="font-medium text-white">
                  {name}
                </span>
              ) : (
                <>
                  <Link to={path} className="hover:text-white hover:underline">
                    {name}
                  </Link>
                  <ChevronRight aria-hidden="true" className="size-3.5 text-slate-400" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export function PageSection({
  id,
  className,
  children,
  ...heading
}: {
  id: string;
  className: string;
  children: ReactNode;
  eyebrow?: string;
  title: string;
  text?: string;
  center?: boolean;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <SectionHeading id={`${id}-heading`} {...heading} />
      {children}
    </section>
  );
}

export function Paragraphs({
  paragraphs,
  className = "",
}: {
  paragraphs: readonly string[];
  className?: string;
}) {
  return (
    <div className={`space-y-4 text-lg leading-relaxed text-slate-700 ${className}`}>
      {paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </div>
  );
}

/** Headed blocks of copy with optional bullet lists. */
export function ContentSections({ sections }: { sections: readonly ContentSection[] }) {
  return (
    <div className="space-y-10">
      {sections.map((section) => (
        <section key={section.heading} aria-labelledby={slugId(section.heading)}>
          <h2 id={slugId(section.heading)} className="text-2xl font-bold text-navy-900">
            {section.heading}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
            {section.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          {section.bullets && <Checklist items={section.bullets} className="mt-4" />}
        </section>
      ))}
    </div>
  );
}

export function Checklist({ items, className = "" }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`space-y-3 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-slate-700">
          <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-700">
            <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Cards of features or offerings with an icon, a title (h3) and a description. */
export function FeatureGrid({ features, columns = 3 }: { features: readonly Feature[]; columns?: 2 | 3 }) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${columns === 3 ? "lg:grid-cols-3" : ""}`}>
      {features.map((feature) => (
        <li
          key={feature.title}
          className="flex flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition-shadow hover:shadow-md"
        >
          <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-700">
            <Icon name={feature.icon} />
          </span>
          <h3 className="mt-5 text-lg font-bold text-navy-900">{feature.title}</h3>
          <p className="mt-2 leading-relaxed text-slate-600">{feature.description}</p>
        </li>
      ))}
    </ul>
  );
}

export interface SideLink {
  label: string;
  path: string;
}

/** Side menu of sibling pages; moving between them keeps the scroll position (spec section 2). */
export function SideNav({
  label,
  heading,
  headingPath,
  links,
}: {
  label: string;
  heading: string;
  /** Makes the heading a link, e.g. to the section's overview page. */
  headingPath?: string;
  links: readonly SideLink[];
}) {
  return (
    <nav aria-label={label} className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <p className="px-3 text-xs font-semibold uppercase tracking-[0.14em] text-slate-600">
        {headingPath ? (
          <Link to={headingPath} preventScrollReset className="hover:text-navy-900 hover:underline">
            {heading}
          </Link>
        ) : (
          heading
        )}
      </p>
      <ul className="mt-3 space-y-1">
        {links.map((link) => (
          <li key={link.path}>
            <NavLink
              to={link.path}
              preventScrollReset
              end
              className={({ isActive }) =>
                `flex items-center justify-between rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ${
                  isActive ? "bg-navy-900 text-white" : "text-slate-700 hover:bg-white hover:text-navy-900"
                }`
              }
            >
              {link.label}
              <ChevronRight aria-hidden="true" className="size-4 opacity-60" />
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Page body with a sticky side menu on wide screens (menu first on narrow screens). */
export function WithSideNav({ nav, children }: { nav: ReactNode; children: ReactNode }) {
  return (
    <div className="container-page grid gap-10 py-14 md:py-20 lg:grid-cols-[17rem_1fr] lg:gap-14">
      <aside className="lg:sticky lg:top-24 lg:self-start">{nav}</aside>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** Unknown sub-pages answer 404 and show the not-found page inside the site layout. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  return (
    <section className="container-page grid min-h-[50vh] place-items-center py-20 text-center">
      <FailureContent title="Something went wrong">
        <HomeLink className="btn-primary mt-6" />
      </FailureContent>
    </section>
  );
}

export const slugId = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
