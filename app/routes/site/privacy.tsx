import type { Route } from "./+types/privacy";
import { PageHero } from "#app/components/marketing/page.tsx";
import { seoMeta } from "#app/lib/seo.ts";
import { KEEP_CV_DAYS } from "#schemas/application.ts";
import { DEFAULT_BACKUP_DAYS } from "#schemas/settings.ts";
import { PENDING_DAYS } from "#schemas/subscription.ts";
import { RETENTION_DAYS } from "#schemas/site-analytics.ts";
import type { ScriptHandle } from "#app/lib/hydration.ts";

// HTML with the site script, no React in the browser (ADR 0028).
export const handle: ScriptHandle = { hydrate: false };

const PATH = "/privacy";

/**
 * Shown until an admin writes the policy in Site settings. Every statement is what the code does: stored in
 * the site's database (db/schema), read in the console by signed-in operators, mailed through the outbox
 * (domain/careers/applications.ts, domain/contact/service.ts), and the retention rules of anonymiseExpired
 * with the Site setting's days (docs/security.md, "Candidates' data"); an erasure leaves no copy in the
 * database's files for a later backup (docs/decisions/0019-erase-reaches-the-disk.md), and earlier backups
 * are kept the Site setting's days (docs/operations.md, Backups); visits are counted as domain/site-analytics/ does.
 */
function defaultPolicy({
  retentionDays,
  keepDays,
  backupDays,
  email,
}: {
  retentionDays: number;
  keepDays: number;
  backupDays: number;
  email: string;
}) {
  const kept = Math.max(retentionDays, keepDays);
  return `This page explains what this website does with the personal data you send through its contact form, its job application form and its subscription forms (the blog and job alerts).

What we collect. From the contact form: your name, e-mail address and message, and your phone number, organisation and location if you give them. From a job application: your name, e-mail address, phone number, CV, cover note, profile link, city, notice period, your answers to the job's questions, your choices on the consent boxes and when you applied. To limit abuse, the website also counts the forms sent from each network address.

Counting visits. To learn which pages are read and what brings visitors, the website counts page views without cookies and without storing anything that identifies you: for each view it keeps the page, the website you came from (its name only), the campaign named in the link you followed, and the country of your browser's language setting (never looked up from your network address). To count a visitor once a day, it keeps a code computed from your network address and browser with a random key that changes every day and is deleted after two days, so the code cannot be traced back to you, and the same visitor on another day cannot be recognised. Browsers that send "Do Not Track" or "Global Privacy Control", and automated visitors, are not counted. These counts are kept for ${RETENTION_DAYS} days.

Why. We use an enquiry only to answer it, and an application only to consider you for the position you applied for, or, if you agreed, for our future openings. We do not sell your data.

Blog subscriptions and job alerts. If you subscribe to the blog or ask for a job alert, we keep your e-mail address, the blog language or the job search you chose, and when you subscribed and confirmed. We use them only to send you new posts in that language or new jobs matching that search, and for nothing else. Nothing is sent until you confirm with the link we e-mail you; a subscription not confirmed within ${PENDING_DAYS} days is deleted. Every e-mail we send you has an Unsubscribe link that removes you at once; your address is then deleted, also from the website's records of the e-mails it sent you. You can also ask us to remove you by writing to ${email}.

Where it is kept and who sees it. What you send is stored in this website's database, your CV included; nothing of it is published on the site. Our staff read it in the website's console after signing in. The website sends your enquiry to our team by e-mail; for an application it sends you a confirmation and our hiring team a summary of your application (your CV is not attached), both by e-mail.

How long. An application is anonymised automatically: your name, contact details, CV, cover note, answers and our notes about you are removed, and only the job, the stage your application reached and the dates are kept, for statistics. This happens ${retentionDays} days after we decided on your application (rejected or hired) or, if it was not decided, once the position has been closed for ${retentionDays} days and your application has not changed in that time. If you agreed that we keep your CV for future openings, these periods are ${kept} days instead. The website's own records of the e-mails it sent about your application are cleared at the same time; copies already delivered to a mailbox are not. Messages from the contact form are kept until our team deletes them.

Backups. We keep backup copies of the website's database to recover it after a loss of data. When your application is anonymised or erased, your data is also removed from the files a backup copies, so no backup made afterwards contains it. Backups made before keep it until they are deleted, at most ${backupDays} ${backupDays === 1 ? "day" : "days"} after they were made, and we use them only to recover the website.

Your rights. You may ask us which data we hold about you, for a copy of it, or to erase it, by writing to ${email}. If you send an application again for the same job with the same e-mail address, it is kept beside the earlier one, which it does not change.`;
}

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.services.settings.get();
  const text =
    settings.privacy_policy.trim() ||
    defaultPolicy({
      retentionDays: settings.application_retention_days,
      keepDays: KEEP_CV_DAYS,
      backupDays: settings.backup_days ?? DEFAULT_BACKUP_DAYS,
      email: settings.info_email,
    });
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
