import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { ContactForm } from "#app/components/forms/contact-form.tsx";
import { contactAction } from "#app/components/forms/contact-action.server.ts";
import { SocialLinks } from "#app/components/layout/social-links.tsx";
import { pageMeta, type Crumb } from "#app/components/marketing/meta.ts";
import { PageHero } from "#app/components/marketing/page.tsx";
import { contactPage, supportHours, supportTimeZone } from "#shared/content/pages.ts";
import { telHref } from "#app/lib/text.ts";
import { BOOKING_PATH } from "#shared/paths.ts";
import { useRootData } from "#app/root.tsx";
import type { Route } from "./+types/contact";

const PATH = "/contact";

export function loader() {
  const trail: Crumb[] = [
    ["Home", "/"],
    ["Contact Us", PATH],
  ];
  return { content: contactPage, supportHours, supportTimeZone, trail };
}

export async function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context);
}

export const headers = ({ actionHeaders }: Route.HeadersArgs) => actionHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    loaderData && { seo: loaderData.content.seo, path: PATH, trail: loaderData.trail },
  );
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { content, trail } = loaderData;
  // Addresses and numbers are site settings (editable in the dashboard), never hard-coded.
  const { settings } = useRootData();
  return (
    <>
      <PageHero title={content.banner.heading} lead={content.banner.text} trail={trail} />
      <div className="container-page grid gap-12 py-16 md:py-24 lg:grid-cols-[1fr_1.5fr]">
        <section aria-labelledby="reach-heading">
          <h2 id="reach-heading" className="text-2xl font-bold text-navy-900">
            Reach our team
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-600">{content.intro}</p>
          <dl className="mt-8 space-y-6">
            <Detail icon={<Mail aria-hidden="true" className="size-5" />} term="Email">
              <a className="contact-link" href={`mailto:${settings.sales_email}`}>
                {settings.sales_email}
              </a>
              <a className="contact-link" href={`mailto:${settings.info_email}`}>
                {settings.info_email}
              </a>
            </Detail>
            <Detail icon={<Phone aria-hidden="true" className="size-5" />} term="Phone">
              <a className="contact-link" href={telHref(settings.phone_india)}>
                India: {settings.phone_india}
              </a>
              <a className="contact-link" href={telHref(settings.phone_us)}>
                US: {settings.phone_us}
              </a>
            </Detail>
            <Detail icon={<MapPin aria-hidden="true" className="size-5" />} term="Office">
              <address className="not-italic text-slate-700">{settings.address}</address>
            </Detail>
            <Detail icon={<Clock aria-hidden="true" className="size-5" />} term="Support hours">
              <span className="block text-slate-700">{loaderData.supportHours}</span>
              <span className="block text-sm text-slate-600">{loaderData.supportTimeZone}</span>
            </Detail>
          </dl>
          <h3 className="mt-10 text-sm font-semibold uppercase tracking-[0.14em] text-slate-600">
            Follow us
          </h3>
          <SocialLinks settings={settings} dark className="mt-3" />
        </section>
        <section
          id="contact-form"
          aria-labelledby="form-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10"
        >
          <h2 id="form-heading" className="text-2xl font-bold text-navy-900 md:text-3xl">
            {content.formHeading}
          </h2>
          <p className="mt-2 text-slate-600">
            Tell us about your plans and we will reply within one business day.
          </p>
          <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-brand-50 px-4 py-3 text-navy-900">
            <span>Prefer to talk?</span>
            <a className="contact-link" href={BOOKING_PATH}>
              Book a 30-minute call
            </a>
          </p>
          <ContactForm className="mt-8" answer={actionData} />
        </section>
      </div>
    </>
  );
}

function Detail({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="relative min-h-11 pl-15">
      <dt className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        <span className="absolute left-0 top-0 grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="mt-1 flex flex-col gap-1">{children}</dd>
    </div>
  );
}
