import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/client.ts";
import { jobs } from "#db/schema/index.ts";
import type { JobInput } from "#schemas/job.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createActor, createJob } from "#tests/support/factories.ts";
import { createAuditService, type Actor } from "./audit/service";
import { createBlogService } from "./blog/service";
import { createContentAdminService, type ContentAdminService } from "./content-admin/service";

let handle: DatabaseHandle;
let content: ContentAdminService;
let actor: Actor;
/** An operator whose account is gone: the audit entry's foreign key refuses it, as a real failure would. */
const vanished = { operatorId: 987_654, username: "gone" };
const job = {
  job_title: "Site Reliability Engineer",
  company: "GCC View 360",
  location: "Bengaluru",
  job_description: "<p>Keep it running.</p>",
  responsibilities: ["On-call"],
  requirements: ["Linux"],
} satisfies JobInput;

beforeAll(async () => {
  handle = await createTestDatabase();
  actor = await createActor(handle.db);
  content = createContentAdminService(handle.db, {
    blog: createBlogService(handle.db),
    audit: createAuditService(handle.db),
  });
});
afterAll(() => handle.close());

describe("console content writes commit with their audit entries", () => {
  it("keeps no job, edit or delete whose audit entry could not be written", async () => {
    const jobsBefore = (await handle.db.select().from(jobs)).length;
    await expect(content.jobs.create(vanished, job)).rejects.toThrow();
    expect(await handle.db.select().from(jobs)).toHaveLength(jobsBefore);

    const existing = await createJob(handle.db, { jobTitle: "Data Engineer" });
    await expect(
      content.jobs.update(vanished, existing.id, { ...job, job_title: "Renamed" }),
    ).rejects.toThrow();
    await expect(content.jobs.remove(vanished, existing.id)).rejects.toThrow();
    const [kept] = (await handle.db.select().from(jobs)).filter((j) => j.id === existing.id);
    expect(kept?.jobTitle).toBe("Data Engineer");

    await content.jobs.remove(actor, existing.id);
    expect((await handle.db.select().from(jobs)).some((j) => j.id === existing.id)).toBe(false);
  });
});
