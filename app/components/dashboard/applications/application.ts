import {
  applicationStages,
  rejectReasonLabels,
  rejectReasons,
  stageLabels,
  type ApplicationRow,
  type ApplicationStage,
} from "#schemas/application.ts";

export const ENDPOINT = "/api/job_applications";
export const BOARD = `${ENDPOINT}/board`;

export const stageStyle: Record<ApplicationStage, string> = {
  new: "bg-amber-100 text-amber-900",
  screening: "bg-sky-100 text-sky-900",
  interview: "bg-indigo-100 text-indigo-900",
  offer: "bg-violet-100 text-violet-900",
  hired: "bg-emerald-100 text-emerald-900",
  rejected: "bg-slate-200 text-slate-700",
};

/** The candidate's name, or what stands for it once anonymised. */
export const fullName = (a: Pick<ApplicationRow, "id" | "anonymised" | "first_name" | "last_name">) =>
  a.anonymised ? `Anonymised applicant #${a.id}` : `${a.first_name} ${a.last_name}`;

export const stageOptions = applicationStages.map((s) => ({ value: s, label: stageLabels[s] }));
export const reasonOptions = rejectReasons.map((r) => ({ value: r, label: rejectReasonLabels[r] }));
