import { ContactForm } from "#app/components/forms/contact-form.tsx";
import { contactBenefits } from "#shared/content/models.ts";
import { contactPage } from "#shared/content/pages.ts";
import { Checklist } from "./page";

/** The closing block of every model and solution page: benefits beside the contact form. */
export function ContactSection({
  heading = "Get in Touch",
  text = "Tell us about your plans and a senior consultant will get back to you within one business day.",
  benefits = contactBenefits,
  tagline,
}: {
  heading?: string;
  text?: string;
  benefits?: readonly string[];
  tagline?: string;
}) {
  return (
    <section aria-labelledby="contact-heading" className="below-fold bg-slate-50">
      {tagline && (
        <div className="bg-brand-700">
          <p className="container-page py-8 text-center text-xl font-semibold leading-relaxed text-white md:text-2xl">
            {tagline}
          </p>
        </div>
      )}
      <div className="container-page grid gap-12 py-16 md:py-24 lg:grid-cols-[1fr_1.35fr]">
        <div>
          <h2 id="contact-heading" className="text-3xl font-bold tracking-tight text-navy-900 md:text-4xl">
            {heading}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-600">{text}</p>
          <h3 className="mt-8 text-sm font-semibold uppercase tracking-[0.14em] text-brand-700">
            What you can expect
          </h3>
          <Checklist items={benefits} className="mt-4" />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h3 className="text-2xl font-bold text-navy-900">{contactPage.formHeading}</h3>
          <ContactForm className="mt-6" />
        </div>
      </div>
    </section>
  );
}
