import { randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { jobs } from "#db/schema/index.ts";
import {
  applyMailto,
  employmentTypeLabel,
  employmentTypes,
  type CareersFilters,
  type CareersListItem,
  type EmploymentType,
  jobInputSchema,
  type JobDetail,
  type JobInput,
  type JobListItem,
  type JobPage,
} from "#schemas/job.ts";
import { escapeHtml, sanitizeRichText } from "../blog/sanitize";
import { likePattern } from "../sql";
import type { SettingsService } from "../settings/service";
import { parseSalary } from "./salary";
import { searchWords } from "#shared/search-words.ts";

type JobRow = typeof jobs.$inferSelect;

// A job past its closing date counts as closed even before an editor closes it.
const isOpen = (id?: number) =>
  and(
    eq(jobs.status, "open"),
    or(isNull(jobs.validThrough), gt(jobs.validThrough, sql`now()`)),
    id === undefined ? undefined : eq(jobs.id, id),
  );

/**
 * What a visitor's search looks through: title, company, location, salary, the description as plain
 * text (tags dropped, the entities the sanitiser writes decoded) and the requirement lines.
 */
const searchableText = sql`regexp_replace(
  concat_ws(' ', ${jobs.jobTitle}, ${jobs.company}, ${jobs.location}, ${jobs.salary},
    replace(replace(replace(replace(replace(replace(
      regexp_replace(${jobs.jobDescription}, '<[^>]*>', ' ', 'g'),
      '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'),
    (select string_agg(line, ' ') from jsonb_array_elements_text(${jobs.requirements}) as line)),
  '[[:space:]]+', ' ', 'g')`;

/** Every word of the search, anywhere in the job's text ("payroll compliance" finds "Payroll & Compliance"). */
const matches = (query: string) =>
  and(...searchWords(query).map((word) => sql`${searchableText} ilike ${likePattern(word)}`));

/** Jobs whose title has every word of the search come before those found only in their other text. */
const titleMatchesFirst = (query: string) =>
  sql`(${and(...searchWords(query).map((word) => sql`${jobs.jobTitle} ilike ${likePattern(word)}`))}) desc`;

/** The stored requirement lines as the escaped HTML list the spec's list answer carries. */
export const requirementsHtml = (items: readonly string[]) =>
  items.length === 0 ? "" : `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;

function listItem(row: JobRow): JobListItem {
  return {
    id: row.id,
    job_title: row.jobTitle,
    company: row.company,
    location: row.location,
    salary: row.salary,
    job_description: sanitizeRichText(row.jobDescription),
    requirements: requirementsHtml(row.requirements),
    created_at: row.createdAt,
  };
}

/** Table values of a job as an editor entered it; the HTML description is sanitised here, on every write. */
export function jobValues(input: JobInput) {
  const data = jobInputSchema.parse(input);
  return {
    jobTitle: data.job_title,
    company: data.company,
    location: data.location,
    salary: data.salary,
    employmentType: data.employment_type,
    jobDescription: sanitizeRichText(data.job_description),
    responsibilities: data.responsibilities,
    requirements: data.requirements,
    applyLink: data.apply_link,
    status: data.status,
    validThrough: data.valid_through,
    // A new question gets its id here; an edited one keeps its own, so answers stay matched to it.
    questions: data.questions.map((q) => ({
      id: q.id ?? randomBytes(6).toString("hex"),
      label: q.label,
      type: q.type,
      required: q.required,
      choices: q.choices,
    })),
  };
}

export function createCareersService(db: Database, deps: { settings: SettingsService }) {
  async function openJob(id: number): Promise<JobPage | null> {
    const [row] = await db.select().from(jobs).where(isOpen(id));
    if (!row) return null;
    const hrEmail = row.applyLink ? "" : (await deps.settings.get()).hr_email;
    return {
      id: row.id,
      title: row.jobTitle,
      location: row.location,
      type: employmentTypeLabel(row.employmentType),
      description: sanitizeRichText(row.jobDescription),
      responsibilities: row.responsibilities,
      requirements: row.requirements,
      postedDate: row.createdAt,
      applyLink: row.applyLink ?? applyMailto(hrEmail, row.jobTitle, row.company),
      company: row.company,
      salary: row.salary,
      employmentType: row.employmentType,
      validThrough: row.validThrough,
      updatedAt: row.updatedAt,
      baseSalary: parseSalary(row.salary),
      questions: row.questions,
    };
  }

  return {
    /** Open positions, newest first. */
    async listOpen(): Promise<JobListItem[]> {
      const rows = await db.select().from(jobs).where(isOpen()).orderBy(desc(jobs.createdAt), desc(jobs.id));
      return rows.map(listItem);
    },

    /**
     * One page of open positions, newest first, optionally narrowed by a visitor's search text (title matches
     * first), a location (any case) and an employment type; with the locations and types open jobs have.
     */
    async listOpenPage({
      page,
      pageSize,
      query = "",
      location = "",
      type = "",
    }: { page: number; pageSize: number; query?: string } & Partial<CareersFilters>) {
      const narrowed = Boolean(query || location || type);
      const where = and(
        isOpen(),
        query ? matches(query) : undefined,
        location ? sql`lower(${jobs.location}) = lower(${location})` : undefined,
        type ? eq(jobs.employmentType, type) : undefined,
      );
      const [rows, [matching], [open], kinds] = await Promise.all([
        db
          .select()
          .from(jobs)
          .where(where)
          .orderBy(...(query ? [titleMatchesFirst(query)] : []), desc(jobs.createdAt), desc(jobs.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(jobs).where(where),
        narrowed ? db.select({ n: count() }).from(jobs).where(isOpen()) : Promise.resolve([undefined]),
        db.selectDistinct({ location: jobs.location, type: jobs.employmentType }).from(jobs).where(isOpen()),
      ]);
      const total = matching?.n ?? 0;
      const list: CareersListItem[] = rows.map((row) => ({
        ...listItem(row),
        employment_type: row.employmentType as EmploymentType,
      }));
      return {
        jobs: list,
        total,
        open: open?.n ?? total,
        // What the filters offer: only what some open job has, so no choice leads to an empty list.
        locations: [...new Map(kinds.map((k) => [k.location.toLowerCase(), k.location])).values()].sort(
          (a, b) => a.localeCompare(b, "en"),
        ),
        types: employmentTypes.filter((t) => kinds.some((k) => k.type === t)),
      };
    },

    /** The job page's data; null for unknown or closed jobs. */
    getOpenJobPage: openJob,

    /**
     * The title of a job that exists but takes no applications any more (closed, or past its closing date),
     * so its page can say so; null for an open or unknown job.
     */
    async closedJobTitle(id: number): Promise<string | null> {
      const [row] = await db
        .select({ title: jobs.jobTitle })
        .from(jobs)
        .where(and(eq(jobs.id, id), sql`not (${isOpen()})`));
      return row?.title ?? null;
    },

    /** GET /jobs/{jobId}: the spec's detail shape; null for unknown or closed jobs. */
    async getOpenJob(id: number): Promise<JobDetail | null> {
      const job = await openJob(id);
      if (!job) return null;
      const { title, location, type, description, responsibilities, requirements, postedDate, applyLink } =
        job;
      return { title, location, type, description, responsibilities, requirements, postedDate, applyLink };
    },

    /** Creates a job post; the HTML description is sanitised before it is stored. */
    async create(input: JobInput): Promise<JobListItem> {
      const [row] = await db.insert(jobs).values(jobValues(input)).returning();
      return listItem(row!);
    },

    /** Every open job with its last change, for the sitemap. */
    async sitemapEntries() {
      return db
        .select({ id: jobs.id, updated_at: jobs.updatedAt })
        .from(jobs)
        .where(isOpen())
        .orderBy(desc(jobs.createdAt));
    },
  };
}

export type CareersService = ReturnType<typeof createCareersService>;
