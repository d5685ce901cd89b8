/** The two mails an application sends: the candidate's confirmation and the hiring address's notice. */
import {
  KEEP_CV_DAYS,
  stageLabels,
  type ApplicationFields,
  type ApplicationStage,
} from "#schemas/application.ts";
import type { ApplicationAnswer } from "#schemas/job-answers.ts";

/** How the mail outbox names an application whose personal data a mail carries. */
export const mailAbout = (id: number) => `job_application:${id}`;

/** What both mails say of the job, and of an application the same address had sent before. */
export interface ApplicationMailContext {
  /** A general application (for no particular job) is titled "General application" with the site's name. */
  job: { title: string; company: string; general?: boolean };
  fields: ApplicationFields;
  existing?: { firstName: string; stage: ApplicationStage; keepForFuture: boolean };
}

/**
 * To the candidate: the same subject for a first and a repeat application (it names nothing the sender could
 * not know), and a repeat is addressed with the name the application has, not whatever the new post says.
 */
export function candidateConfirmation({ job, fields, existing }: ApplicationMailContext) {
  const rejected = existing?.stage === "rejected";
  const applied = job.general
    ? `sent ${job.company} a general application`
    : `applied for ${job.title} at ${job.company}`;
  return {
    subject: `We received your application: ${job.title}`,
    text: [
      `Dear ${existing?.firstName ?? fields.first_name},`,
      "",
      ...(!existing
        ? [
            job.general
              ? `Thank you for your general application to ${job.company}. We have received your application and CV.`
              : `Thank you for applying for ${job.title} at ${job.company}. We have received your application and CV.`,
            job.general
              ? "Our hiring team reviews every application and will contact you when an opening matches your profile."
              : "Our hiring team reviews every application and will contact you if your profile matches the role.",
          ]
        : rejected
          ? [
              `We decided earlier not to take your ${job.general ? "general application" : `application for ${job.title}`} further. We have added what you just sent to it, and the hiring team will look at it; they will contact you if they reconsider.`,
            ]
          : [
              `You had ${applied} before. We have kept your application as it was and added what you just sent beside it, for the hiring team to see.`,
            ]),
      ...(existing ? ["If you did not send it, reply to this e-mail and we will remove it."] : []),
      "",
      (existing?.keepForFuture ?? fields.keep_cv)
        ? `You agreed that we may keep your CV for future openings for up to ${KEEP_CV_DAYS} days.`
        : job.general
          ? "We use your details only to consider you for our openings."
          : "We use your details only for this position.",
      "You can ask us to see or erase your data at any time by replying to this e-mail.",
      "",
      job.company,
    ].join("\n"),
  };
}

/** To the hiring address: everything sent, and a link to the application in the console. */
export function hiringNotification({
  job,
  fields,
  existing,
  id,
  cv,
  answers,
  consoleAddress,
}: ApplicationMailContext & {
  id: number;
  cv: { fileName: string; size: number };
  answers: ApplicationAnswer[];
  consoleAddress: string;
}) {
  const rejected = existing?.stage === "rejected";
  const name = `${fields.first_name} ${fields.last_name}`;
  return {
    subject: `${!existing ? "New application" : rejected ? "Sent again after a rejection" : "Sent again"}: ${job.title} from ${name}`,
    text: [
      ...(existing
        ? [
            `This was sent with the address of an application already in the console (${stageLabels[existing.stage]}). Nothing in the application was changed: what was sent is kept beside it. Anyone who knows the address can send the form, so compare before you rely on it.`,
            "",
          ]
        : []),
      job.general ? "Job: none, a general application" : `Job: ${job.title} (${job.company})`,
      `Name: ${name}`,
      `E-mail: ${fields.email}`,
      `Phone: ${fields.phone}`,
      `City: ${fields.city || "-"}`,
      `Notice period: ${fields.notice_period || "-"}`,
      `Profile: ${fields.profile_url || "-"}`,
      `CV: ${cv.fileName} (${Math.ceil(cv.size / 1024)} KB)`,
      ...answers.map((a) => `${a.question} ${a.answer || "-"}`),
      "",
      fields.cover_note || "(no cover note)",
      "",
      `Open it in the console: ${consoleAddress}/dashboard/applications?open=${id}`,
    ].join("\n"),
  };
}
