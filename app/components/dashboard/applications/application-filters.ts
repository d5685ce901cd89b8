import { useQuery } from "@tanstack/react-query";
import { call } from "#app/lib/dashboard/api.ts";
import type { FilterField } from "../data-table";
import { ENDPOINT, stageOptions } from "./application";

/** Every job (open ones first), for the Job filter of the list and the board. */
export function useJobOptions() {
  const jobs = useQuery({
    queryKey: [`${ENDPOINT}/jobs`],
    queryFn: () => call("GET /api/job_applications/jobs"),
  });
  return (jobs.data?.data ?? []).map((j) => ({
    value: String(j.id),
    label: j.status === "closed" ? `${j.job_title} (closed)` : j.job_title,
  }));
}

const kindOptions = [
  { value: "false", label: "For a job" },
  { value: "true", label: "General" },
];

/** The list's filters: job, kind (for a job or general), stage and the days applied (India's calendar). */
export const applicationFilters = (jobs: { value: string; label: string }[]): FilterField[] => [
  { name: "job_id", label: "Job", options: jobs },
  { name: "general", label: "Kind", options: kindOptions },
  { name: "stage", label: "Stage", options: stageOptions },
  { name: "from", label: "Applied from", type: "date" },
  { name: "to", label: "Applied until", type: "date" },
];
