import type { FilterField } from "~/components/dashboard/data-table";
import {
  bodyTypes,
  feedbackKinds,
  feedbackStatuses,
  indianStates,
  kmBands,
  leadStatuses,
  loadStatuses,
  priceBands,
  serviceCategories,
  serviceRequestStatuses,
  tonnageBands,
  truckBrands,
  tyreCounts,
} from "../../../../schemas/logistics-options";

export type Option = { value: string; label: string };
const plain = (values: readonly (string | number)[]): Option[] =>
  values.map((v) => ({ value: String(v), label: String(v) }));

export const stateOptions: Option[] = indianStates.map((s) => ({ value: String(s.value), label: s.label }));
export const categoryOptions = plain(serviceCategories);
export const bodyTypeOptions = plain(bodyTypes);
export const tyreOptions: Option[] = tyreCounts.map((t) => ({ value: String(t), label: `${t} tyres` }));
export const tonnageOptions: Option[] = tonnageBands.map((t) => ({
  value: t,
  label: t.includes("Ton") ? t : `${t} Ton`,
}));
export const brandOptions = plain(truckBrands);
export const kmBandOptions: Option[] = kmBands.map((b) => ({ value: b.value, label: b.label }));
export const priceBandOptions: Option[] = priceBands.map((b) => ({ value: b.value, label: b.label }));

export const loadStatusLabel: Record<(typeof loadStatuses)[number], string> = {
  open: "Open",
  assigned: "Assigned",
  delivered: "Delivered",
  cancelled: "Cancelled",
};
export const loadStatusOptions: Option[] = loadStatuses.map((s) => ({ value: s, label: loadStatusLabel[s] }));
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

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-IN", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Asia/Kolkata",
  });
/** A calendar date (YYYY-MM-DD) for reading, without time-zone drift. */
export const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-IN", { dateStyle: "medium", timeZone: "UTC" });

/** Status chips: colour plus text, never colour alone. */
export const chipTone = {
  amber: "bg-amber-100 text-amber-900",
  sky: "bg-sky-100 text-sky-900",
  green: "bg-emerald-100 text-emerald-900",
  slate: "bg-slate-200 text-slate-700",
  red: "bg-red-100 text-red-800",
} as const;
