import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect } from "vitest";
import { jobApplicationNotes, jobApplications } from "#db/schema/index.ts";
import { operatorToken } from "#tests/support/auth.ts";
import { testAppPerFile } from "#tests/support/app.ts";
import { itWith } from "#tests/support/services.ts";

// A note added while its application is being erased (as for CRM notes): the note either
// commits first and is erased with the application, or waits and is refused; it never outlives the erasure.
// Needs PostgreSQL: PGlite runs one statement at a time, so nothing can wait there.

const t = testAppPerFile();
let editor: string;
beforeAll(async () => {
  editor = await operatorToken(t().app, "editor");
});
const db = () => t().app.database.db;

describe("a note racing the erasure of its application", () => {
  itWith("TEST_DATABASE_URL", "waits for the erasure, then is refused and stores nothing", async () => {
    const [application] = await db()
      .insert(jobApplications)
      .values({ firstName: "Asha", lastName: "Rao", email: "asha@example.com", phone: "+919812345678" })
      .returning();
    const id = application!.id;
    let note: Promise<LightMyRequestResponse> | undefined;
    // What an erasure does (domain/careers/applications.ts anonymiseWhere), held open while the note is sent.
    await db().transaction(async (tx) => {
      await tx.update(jobApplications).set({ anonymisedAt: new Date() }).where(eq(jobApplications.id, id));
      await tx.delete(jobApplicationNotes).where(eq(jobApplicationNotes.applicationId, id));
      note = t().app.inject({
        method: "POST",
        url: `/api/job_applications/${id}/notes`,
        headers: { authorization: `Bearer ${editor}` },
        payload: { text: "Called the candidate back" },
      });
      // The note must queue behind the erasure's row lock; without the lock it commits at once.
      await expect
        .poll(
          async () =>
            await db().$count(
              sql`pg_stat_activity`,
              sql`datname = current_database() and wait_event_type = 'Lock'`,
            ),
          { timeout: 10_000 },
        )
        .toBe(1);
    });
    const res = await note!;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe("This application was anonymised; notes can no longer be added.");
    expect(await db().$count(jobApplicationNotes, eq(jobApplicationNotes.applicationId, id))).toBe(0);
  });
});
