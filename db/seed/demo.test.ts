import { isNull, sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../client";
import { blogPosts } from "../schema/content";
import { createAuditService } from "#domain/audit/service.ts";
import { createBlogService } from "#domain/blog/service.ts";
import { createCareersService } from "#domain/careers/service.ts";
import { createLogisticsService, type LogisticsService } from "#domain/logistics/index.ts";
import { createSettingsService } from "#domain/settings/service.ts";
import {
  addDays,
  buySellResource,
  driverResource,
  feedbackListQuerySchema,
  leadListQuerySchema,
  loadResource,
  memberListQuerySchema,
  serviceRequestListQuerySchema,
  todayInIndia,
  truckResource,
} from "#schemas/logistics.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { blogPostInputSchema, splitTags } from "#schemas/blog.ts";
import { hreflangAlternates } from "#shared/hreflang.ts";
import { demoPosts } from "./demo-content";
import { demoTranslations } from "./demo-translations";
import { seedDemoContent } from "./demo";

const DAY_MS = 86_400_000;
const periods = ["today", "last_7_days", "this_month"] as const;
const startOfIndianDay = (date: string) => Date.parse(`${date}T00:00:00+05:30`);

/** Newest and oldest created_at of one list, read through its service as the console would. */
type Extremes = (sort: "-created_at" | "created_at") => Promise<string | undefined>;
function listsOf(logistics: LogisticsService): Record<string, Extremes> {
  const page = { page: "1", page_size: "10" };
  return {
    members: async (sort) =>
      (await logistics.members.list(memberListQuerySchema.parse({ ...page, sort }))).rows[0]?.created_at,
    loads: async (sort) =>
      (await logistics.loads.list(loadResource.listQuery.parse({ ...page, sort }))).rows[0]?.created_at,
    trucks: async (sort) =>
      (await logistics.trucks.list(truckResource.listQuery.parse({ ...page, sort }))).rows[0]?.created_at,
    drivers: async (sort) =>
      (await logistics.drivers.list(driverResource.listQuery.parse({ ...page, sort }))).rows[0]?.created_at,
    "buy and sell": async (sort) =>
      (await logistics.buySell.list(buySellResource.listQuery.parse({ ...page, sort }))).rows[0]?.created_at,
    "insurance and FASTag requests": async (sort) => {
      const query = serviceRequestListQuerySchema.parse({ ...page, sort });
      const both = await Promise.all([
        logistics.requests.list("insurance", query),
        logistics.requests.list("fast_tag", query),
      ]);
      const dates = both.flatMap((r) => r.rows.slice(0, 1).map((row) => row.created_at)).sort();
      return sort === "created_at" ? dates[0] : dates.at(-1);
    },
    feedback: async (sort) =>
      (await logistics.feedback.list(feedbackListQuerySchema.parse({ ...page, sort }))).rows[0]?.created_at,
    "CRM leads": async (sort) =>
      (await logistics.crm.listLeads(leadListQuerySchema.parse({ ...page, sort }))).rows[0]?.created_at,
    "CRM customers": async (sort) => {
      const { rows } = await logistics.crm.afterSale({ page: 1, page_size: 50, search: "" });
      const dates = rows.map((r) => r.last_service_at).sort();
      return sort === "created_at" ? dates[0] : dates.at(-1);
    },
  };
}

// One database for the file (a new PGlite costs seconds), emptied before each seeding.
let handle: DatabaseHandle;
let logistics: LogisticsService;
beforeAll(async () => {
  handle = await createTestDatabase();
  logistics = createLogisticsService(handle.db, createAuditService(handle.db));
});
afterAll(() => handle.close());

/** A new embedded install's first start at `now`: every table emptied (ids from 1 again), then the demo. */
async function seedAsNew(now: Date) {
  await handle.db.execute(sql`
    do $$ begin
      execute (select 'truncate ' || string_agg(format('%I', tablename), ', ') || ' restart identity cascade'
               from pg_tables where schemaname = 'public');
    end $$`);
  await seedDemoContent(handle.db, { now });
}

// The day the tests run, the first minutes of a month after a 31-day month, the last of one after February.
const seedingMoments = ["now", "2025-08-01T00:30:00+05:30", "2025-03-31T23:50:00+05:30"].map((at) => ({
  at,
  now: at === "now" ? new Date() : new Date(at),
}));

describe.each(seedingMoments)("the demo seeded at $at", ({ now }) => {
  const today = todayInIndia(now);
  beforeAll(() => seedAsNew(now));

  it("counts every kind of record today, in the last 7 days and this month, and in the periods before", async () => {
    const [day, week, month] = await Promise.all(periods.map((p) => logistics.analytics.overall(p, now)));
    for (const overall of [day!, week!, month!]) {
      for (const kpi of overall.kpis) {
        const what = `${overall.period} ${kpi.key}`;
        // Enquiries come from visitors only and imports from operators' sheets: a new install has neither.
        if (kpi.key === "enquiry" || kpi.key === "imported") {
          expect([kpi.current, kpi.previous], what).toEqual([0, 0]);
          continue;
        }
        expect(kpi.current, what).toBeGreaterThan(0);
        expect(kpi.previous, what).toBeGreaterThan(0);
        expect(kpi.change_pct, what).not.toBeNull();
        expect(kpi.change_pct!, what).toBeGreaterThan(-100);
      }
    }
    expect(day!.current).toEqual({ from: today, to: today });
    for (const [i, kpi] of day!.kpis.entries()) {
      expect(week!.kpis[i]!.current, kpi.key).toBeGreaterThanOrEqual(kpi.current);
      expect(month!.kpis[i]!.current, kpi.key).toBeGreaterThanOrEqual(kpi.current);
      // On the 1st, this month is today.
      if (month!.current.from === today) expect(month!.kpis[i]!.current, kpi.key).toBe(kpi.current);
    }
  });

  it("dates every list's newest record today, never after the seeding, and its oldest within about two months", async () => {
    for (const [name, extreme] of Object.entries(listsOf(logistics))) {
      const newest = Date.parse((await extreme("-created_at"))!);
      const oldest = Date.parse((await extreme("created_at"))!);
      expect(newest, name).toBeLessThanOrEqual(now.getTime());
      expect(oldest, name).toBeGreaterThan(now.getTime() - 61 * DAY_MS);
      if (name !== "CRM customers") expect(newest, name).toBeGreaterThanOrEqual(startOfIndianDay(today));
    }
  });

  it("plans lead follow-ups around the seeding day: some overdue, some due that day, some coming up, none before the lead", async () => {
    const { rows } = await logistics.crm.listLeads(leadListQuerySchema.parse({ page: "1", page_size: "50" }));
    const dates = rows.flatMap((r) => (r.follow_up_date ? [r.follow_up_date] : []));
    expect(dates.filter((d) => d < today).length).toBeGreaterThan(0);
    expect(dates.filter((d) => d === today).length).toBeGreaterThan(0);
    expect(dates.filter((d) => d > today && d <= addDays(today, 14)).length).toBeGreaterThan(0);
    for (const lead of rows)
      if (lead.follow_up_date)
        expect(lead.follow_up_date >= todayInIndia(new Date(lead.created_at)), lead.name).toBe(true);
  });

  it("dates the blog, its comments and the open jobs in the weeks before the seeding", async () => {
    const blog = createBlogService(handle.db);
    const careers = createCareersService(handle.db, { settings: createSettingsService(handle.db) });
    const posts = (await blog.latestForFeed()).map((p) => p.published_at!.getTime());
    const comments = (await blog.listComments()).map((c) => c.created_at.getTime());
    const jobs = (await careers.listOpen()).map((j) => j.created_at.getTime());
    for (const [name, times] of Object.entries({ posts, comments, jobs })) {
      expect(times.length, name).toBeGreaterThan(0);
      expect(Math.max(...times), name).toBeLessThanOrEqual(now.getTime());
      expect(Math.max(...times), name).toBeGreaterThan(now.getTime() - 7 * DAY_MS);
      expect(Math.min(...times), name).toBeGreaterThan(now.getTime() - 70 * DAY_MS);
    }
  });
});

describe("the demo", () => {
  it("shows leads under the console's overdue, due-today and upcoming filters on the day it is seeded", async () => {
    await seedAsNew(new Date());
    for (const follow_up of ["overdue", "today", "upcoming"]) {
      const query = leadListQuerySchema.parse({ page: "1", page_size: "10", follow_up });
      expect((await logistics.crm.listLeads(query)).total, follow_up).toBeGreaterThan(0);
    }
  });

  it("is the same directory every time it is seeded at the same moment", async () => {
    const now = new Date("2025-08-01T00:30:00+05:30");
    const page = { page: "1", page_size: "50" };
    const snapshots = [];
    for (let run = 0; run < 2; run++) {
      await seedAsNew(now);
      snapshots.push({
        members: (await logistics.members.list(memberListQuerySchema.parse(page))).rows,
        loads: (await logistics.loads.list(loadResource.listQuery.parse(page))).rows,
        leads: (await logistics.crm.listLeads(leadListQuerySchema.parse(page))).rows,
      });
    }
    expect(snapshots[0]!.members).toHaveLength(50);
    expect(snapshots[1]).toEqual(snapshots[0]);
  });

  it("gives every post its own cover, and an alt text that describes that picture", async () => {
    await seedAsNew(new Date());
    const posts = await handle.db
      .select({ feature_image: blogPosts.featureImage, image_alt_text: blogPosts.imageAltText })
      .from(blogPosts)
      .where(isNull(blogPosts.translationGroup))
      .orderBy(blogPosts.id);
    expect(posts).toHaveLength(demoPosts.length);
    expect(new Set(posts.map((p) => p.feature_image)).size).toBe(posts.length);
    for (const post of posts) {
      const svg = readFileSync(join("public", post.feature_image!), "utf8");
      expect(/<title id="t">([^<]*)<\/title>/.exec(svg)?.[1], post.feature_image!).toBe(post.image_alt_text);
    }
  });

  it("publishes Hindi and Tamil versions of two posts, grouped with their English originals", async () => {
    await seedAsNew(new Date());
    const blog = createBlogService(handle.db);
    // Every demo post and translation can be opened and saved in the console as it is.
    for (const post of [...demoPosts, ...demoTranslations])
      expect(blogPostInputSchema.safeParse(post).error, post.heading).toBeUndefined();
    for (const id of [1, 2]) {
      const original = (await blog.getPublished(id))!;
      const group = await blog.publishedTranslations(original.translation_group);
      expect(group.map((p) => p.language)).toEqual(["English", "Hindi", "Tamil"]);
      const alternates = hreflangAlternates(group);
      expect(alternates.map((a) => a.hreflang)).toEqual(["en", "hi", "ta", "x-default"]);
      expect(alternates.at(-1)!.path).toBe(alternates[0]!.path);
      for (const translation of group.slice(1)) {
        const post = (await blog.getPublished(translation.id))!;
        // The picture carried over; the words and tags, never the English ones, are the translation's own.
        expect(post.feature_image).toBe(original.feature_image);
        const script = post.language === "Hindi" ? /[\u0900-\u097f]/ : /[\u0b80-\u0bff]/;
        const tags = splitTags(post.tags);
        expect(
          tags.filter((tag) => tag !== "GCC").every((tag) => script.test(tag)),
          post.tags,
        ).toBe(true);
        expect(tags.length).toBeGreaterThan(2);
        expect(post.full_description).not.toContain(original.full_description.slice(3, 60));
      }
    }
    expect(await blog.countPublished({ language: "Hindi" })).toBe(2);
    expect(await blog.countPublished({ language: "Tamil" })).toBe(2);
  });
});
