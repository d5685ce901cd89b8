import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { crmNotes } from "#db/schema/index.ts";
import { itWith } from "#tests/support/services.ts";
import { logisticsTestAppPerFile, type LogisticsTestApp } from "./logistics-fixtures";

// A note posted while its lead is being deleted (run with TEST_DATABASE_URL for real concurrency: PGlite
// runs one statement at a time). The note answers 201 and comes back with the Undo, or 404; never 500.

const { ctx, call } = logisticsTestAppPerFile();

describe("notes racing the delete of their lead", () => {
  it("answers 201 or 404, and every acknowledged note is restored with the lead", async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      const created = await call("POST", "/api/crm/leads", {
        name: `Race lead ${round}`,
        contact_no: `98111 4${String(round).padStart(4, "0")}`,
        status: "HOT",
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.id as number;
      const texts = Array.from({ length: 8 }, (_, i) => `round ${round} note ${i}`);
      const posts = texts.map((note) => call("POST", `/api/crm/leads/${id}/notes`, { note }));
      // The delete goes out among the notes, so some are sent before it and some after.
      const deleted = call("DELETE", `/api/crm/leads/${id}`);
      const more = texts.map((note) => call("POST", `/api/crm/leads/${id}/notes`, { note: `${note} late` }));
      const answers = await Promise.all([...posts, ...more]);
      expect((await deleted).statusCode).toBe(200);
      statuses.push(...answers.map((a) => a.statusCode));
      const acknowledged = answers
        .map((a, i) => ({
          status: a.statusCode,
          note: i < texts.length ? texts[i]! : `${texts[i - texts.length]} late`,
        }))
        .filter((a) => a.status === 201)
        .map((a) => a.note);

      const undo = await call("POST", "/api/crm/leads/restore", { ids: [id] });
      expect(undo.statusCode, undo.body).toBe(200);
      const back = await call("GET", `/api/crm/leads/${id}`);
      const notes = (back.json().data.notes as { note: string }[]).map((n) => n.note);
      expect(notes.sort()).toEqual(acknowledged.sort());
    }
    expect(statuses.filter((s) => s !== 201 && s !== 404)).toEqual([]);
  }, 60_000);

  it("answers 404 with a message for a note on a deleted lead, and stores nothing", async () => {
    const created = await call("POST", "/api/crm/leads", {
      name: "Gone lead",
      contact_no: "98111 55555",
      status: "COLD",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect((await call("DELETE", `/api/crm/leads/${id}`)).statusCode).toBe(200);
    const res = await call("POST", `/api/crm/leads/${id}/notes`, { note: "too late" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/^Lead not found/);
    await call("POST", "/api/crm/leads/restore", { ids: [id] });
    expect((await call("GET", `/api/crm/leads/${id}`)).json().data.notes).toEqual([]);
  });

  itWith(
    "TEST_DATABASE_URL",
    "keeps in the trash a note that commits while the delete of its lead waits for it",
    async () => {
      const db = ctx().app.database.db;
      const created = await call("POST", "/api/crm/leads", {
        name: "Waiting lead",
        contact_no: "98111 66666",
        status: "WARM",
      });
      const id = created.json().data.id as number;
      let deleted: ReturnType<LogisticsTestApp["call"]> | undefined;
      await db.transaction(async (tx) => {
        await tx.insert(crmNotes).values({ leadId: id, note: "written during the delete" });
        deleted = call("DELETE", `/api/crm/leads/${id}`);
        // The note's transaction stays open until the delete is queued behind its lock.
        await expect
          .poll(
            async () =>
              await db.$count(
                sql`pg_stat_activity`,
                sql`datname = current_database() and wait_event_type = 'Lock'`,
              ),
            { timeout: 10_000 },
          )
          .toBe(1);
      });
      expect((await deleted!).statusCode).toBe(200);
      expect((await call("POST", "/api/crm/leads/restore", { ids: [id] })).statusCode).toBe(200);
      const notes = (await call("GET", `/api/crm/leads/${id}`)).json().data.notes as { note: string }[];
      expect(notes.map((n) => n.note)).toEqual(["written during the delete"]);
    },
  );
});
