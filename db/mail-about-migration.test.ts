import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "./client";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The migrations as they were before mail named its application: the journal stops before that one. */
function migrationsBefore(tagEnd: string) {
  const dir = mkdtempSync(join(tmpdir(), "migrations-"));
  dirs.push(dir);
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(tagEnd));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe("migration job_questions_and_mail_about", () => {
  it("names the application of mail queued before it: the hiring notification by its link, the confirmation by address and title", async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    await client.exec("create extension if not exists pg_trgm");
    await migrate(drizzle(client), { migrationsFolder: migrationsBefore("_job_questions_and_mail_about") });
    await client.exec(`
      insert into jobs (id, job_title, company, location) values (1, 'Analyst', 'GCC View 360', 'Pune'),
        (2, 'Designer', 'GCC View 360', 'Pune');
      insert into job_applications (id, job_id, first_name, last_name, email, phone)
        values (7, 1, 'Meera', 'Iyer', 'Meera@example.com', '+919876543210'),
               (8, 2, 'Meera', 'Iyer', 'meera@example.com', '+919876543210');
      insert into mail_outbox (recipient, subject, text) values
        ('meera@example.com', 'We received your application: Analyst', 'Dear Meera'),
        ('hr@example.com', 'New application: Analyst from Meera Iyer', 'Open it in the console: /dashboard/applications?open=7'),
        ('meera@example.com', 'We updated your application: Designer', 'Dear Meera'),
        ('someone@example.com', 'Your password reset', 'A link');
    `);
    await migrate(drizzle(client), { migrationsFolder });
    const rows = await client.query<{ about: string | null }>("select about from mail_outbox order by id");
    expect(rows.rows.map((r) => r.about)).toEqual([
      "job_application:7",
      "job_application:7",
      "job_application:8",
      null,
    ]);
    await client.close();
  }, 60_000);
});
