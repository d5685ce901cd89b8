import type { FilterField } from "#app/components/dashboard/data-table/index.ts";
import {
  feedbackKinds,
  feedbackStatuses,
  leadStatuses,
  serviceRequestStatuses,
  type Option,
} from "#schemas/logistics-options.ts";

export {
  bodyTypeOptions,
  brandOptions,
  categoryOptions,
  kmBandOptions,
  loadStatusLabel,
  loadStatusOptions,
  priceBandOptions,
  stateOptions,
  tonnageOptions,
  tyreOptions,
  type Option,
} from "#schemas/logistics-options.ts";

export const requestStatusLabel: Record<(typeof serviceRequestStatuses)[number], string> = {
  new: "New",
  in_progress: "In progress",
  done: "Done",
  rejected: "Rejected",
};
export const requestStatusOptions: Option[] = serviceRequestStatuses.map((s) => ({
  value: s,
  label: requestStatusLabel[s],
}));
export const feedbackStatusLabel: Record<(typeof feedbackStatuses)[number], string> = {
  open: "Open",
  in_progress: "In progress",
  resolved: "Resolved",
};
export const feedbackStatusOptions: Option[] = feedbackStatuses.map((s) => ({
  value: s,
  label: feedbackStatusLabel[s],
}));
export const feedbackKindLabel: Record<(typeof feedbackKinds)[number], string> = {
  feedback: "Feedback",
  complaint: "Complaint",
};
export const feedbackKindOptions: Option[] = feedbackKinds.map((k) => ({
  value: k,
  label: feedbackKindLabel[k],
}));
export const leadStatusOptions: Option[] = leadStatuses.map((s) => ({ value: s, label: s }));

export const addedFrom: FilterField = { name: "created_from", label: "Added from", type: "date" };
export const addedTo: FilterField = { name: "created_to", label: "Added until", type: "date" };

/** Status chips: colour plus text, never colour alone. */
export const chipTone = {
  amber: "bg-amber-100 text-amber-900",
  sky: "bg-sky-100 text-sky-900",
  green: "bg-emerald-100 text-emerald-900",
  slate: "bg-slate-200 text-slate-700",
  red: "bg-red-100 text-red-800",
} as const;
