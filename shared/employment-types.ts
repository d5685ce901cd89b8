/**
 * A job's employment types (schema.org JobPosting's values) and how the site names them: here rather than in
 * schemas/job.ts so the careers page's filters name them without bringing Zod into the browser.
 */
export const employmentTypes = ["FULL_TIME", "PART_TIME", "CONTRACTOR", "TEMPORARY", "INTERN"] as const;
export type EmploymentType = (typeof employmentTypes)[number];

export const employmentTypeLabels: Record<EmploymentType, string> = {
  FULL_TIME: "Full-time",
  PART_TIME: "Part-time",
  CONTRACTOR: "Contract",
  TEMPORARY: "Temporary",
  INTERN: "Internship",
};

export const employmentTypeLabel = (type: string) => employmentTypeLabels[type as EmploymentType] ?? type;
