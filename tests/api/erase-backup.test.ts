import { eq, sql } from "drizzle-orm";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/client.ts";
import { jobApplications } from "#db/schema/index.ts";
import { createApplicationService } from "#domain/careers/applications.ts";
import { createTestApp, type TestApp } from "../support/app";
import { operatorToken } from "../support/auth";
import { multipartBody } from "../support/cv-files";
import { createTestDatabase } from "../support/database";
import { createJob } from "../support/factories";
import { itWith } from "../support/services";
import { exportedApplication } from "#tests/support/zip.ts";

/**
 * "Erase personal data" and the retention's anonymisation reach the disk: a backup taken afterwards the way
 * an operator takes one (POST /api/backup, which `npm run db:backup` asks the server for; pg_dump and the
 * table files a base backup copies on PostgreSQL) holds no byte of what was erased: not in a table, its
 * TOAST or its indexes, not in the write-ahead log.
 */

const run = promisify(execFile);
const letters = (n: number) => Array.from(randomBytes(n), (b) => String.fromCharCode(97 + (b % 26))).join("");
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join("");

/** A PDF whose one data stream is random bytes (no "/", so no PDF name can appear by chance). */
function pdfWith(data: Buffer): Buffer {
  const head = "%PDF-1.4\n";
  const objects: Buffer[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] >>",
  ].map((o) => Buffer.from(o, "latin1"));
  objects.push(
    Buffer.concat([Buffer.from(`<< /Length ${data.length} >>\nstream\n`), data, Buffer.from("\nendstream")]),
  );
  const parts: Buffer[] = [Buffer.from(head, "latin1")];
  const offsets: number[] = [];
  let at = head.length;
  objects.forEach((o, i) => {
    offsets.push(at);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), o, Buffer.from("\nendobj\n")]);
    parts.push(obj);
    at += obj.length;
  });
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) xref += `${String(o).padStart(10, "0")} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  parts.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(parts);
}

/** One candidate's data, every field distinctive, and the CV's bytes. */
function candidate() {
  const phone = `9${digits(9)}`;
  const fields = {
    first_name: `Xan${letters(9)}`,
    last_name: `Qui${letters(9)}`,
    email: `${letters(12)}@example.com`,
    phone: `${phone.slice(0, 5)} ${phone.slice(5)}`,
    cover_note: `Cover note ${letters(14)}`,
    profile_url: `https://www.linkedin.com/in/${letters(14)}`,
    city: `${letters(10)}pur`,
    notice_period: `${letters(12)} weeks`,
    consent_processing: "on",
  };
  const stream = randomBytes(48 * 1024).map((b) => (b === 0x2f ? 0x30 : b));
  return {
    fields,
    cv: pdfWith(Buffer.from(stream)),
    note: `Called ${letters(14)}`,
    /** Everything that may not outlive the erase, as the bytes a file would hold. */
    texts: [
      fields.first_name,
      fields.last_name,
      fields.email,
      phone,
      fields.cover_note,
      fields.profile_url,
      fields.city,
      fields.notice_period,
    ],
    /** Pieces of the CV's random stream (a TOAST chunk boundary may split one, not all of them). */
    cvPieces: Array.from({ length: 12 }, (_, i) => Buffer.from(stream.subarray(i * 4000, i * 4000 + 24))),
  };
}
type Candidate = ReturnType<typeof candidate>;

/** What of the candidate `bytes` still holds: the texts, and whether any piece of the CV is there. */
function foundIn(bytes: Buffer, c: Candidate, encode: (b: Buffer) => Buffer = (b) => b) {
  return {
    texts: c.texts.filter((t) => bytes.includes(encode(Buffer.from(t)))),
    note: bytes.includes(encode(Buffer.from(c.note))),
    cv: c.cvPieces.filter((p) => bytes.includes(encode(p))).length,
  };
}
const nothing = { texts: [], note: false, cv: 0 };

/**
 * Applies through the public form twice (the second post is kept as a later submission beside the
 * application, with its own copy of every field and the CV), adds a note, and answers the application's id.
 */
async function applyAndNote(t: TestApp, admin: string, jobId: number, c: Candidate): Promise<number> {
  for (let post = 0; post < 2; post++) {
    const { body, contentType } = multipartBody(c.fields, [
      { field: "cv", name: "cv.pdf", type: "application/pdf", data: c.cv },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/jobs/${jobId}/applications`,
      headers: { "content-type": contentType, accept: "application/json" },
      payload: body,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  const [row] = await t.app.database.db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(eq(jobApplications.email, c.fields.email));
  const note = await t.app.inject({
    method: "POST",
    url: `/api/job_applications/${row!.id}/notes`,
    headers: { authorization: `Bearer ${admin}` },
    payload: { text: c.note },
  });
  expect(note.statusCode).toBe(201);
  return row!.id;
}

const erase = (t: TestApp, admin: string, id: number) =>
  t.app.inject({
    method: "DELETE",
    url: `/api/job_applications/${id}/personal_data`,
    headers: { authorization: `Bearer ${admin}` },
  });

/** Anonymises what the retention rules select, as the hourly run does, 400 days from now. */
const anonymiseLater = (t: TestApp) =>
  createApplicationService(t.app.database.db, {
    settings: t.app.services.settings,
    audit: t.app.services.audit,
    publicAddress: t.app.services.publicAddress,
    now: () => new Date(Date.now() + 400 * 86_400_000),
  }).anonymiseExpired();

describe("a backup of the embedded database after an erase", () => {
  let database: DatabaseHandle;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    database = await createTestDatabase({ onDisk: true, embedded: true });
    t = await createTestApp({ PUBLIC_FORM_RATE_LIMIT: "1000" }, { database });
    admin = await operatorToken(t.app, "admin");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  /** The backup an operator takes (what `npm run db:backup` asks the running server for), unpacked. */
  async function backup(): Promise<Buffer> {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/backup",
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    return gunzipSync(res.rawPayload);
  }

  it("holds nothing of an application whose personal data was erased: not its fields, note or CV", async () => {
    const job = await createJob(database.db);
    const c = candidate();
    const id = await applyAndNote(t, admin, job.id, c);
    // The search finds what is there: before the erase, the backup holds all of it.
    const before = foundIn(await backup(), c);
    expect(before.texts).toEqual(c.texts);
    expect(before.note).toBe(true);
    expect(before.cv).toBeGreaterThan(0);

    expect((await erase(t, admin, id)).statusCode).toBe(200);
    const exported = await t.app.inject({
      url: `/api/job_applications/${id}/export`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(exportedApplication(exported.rawPayload)).toMatchObject({
      profile_url: "",
      notice_period: "",
      city: "",
      notes: [],
    });
    expect(foundIn(await backup(), c)).toEqual(nothing);
  });

  it("holds nothing of an application anonymised when its retention ended", async () => {
    const job = await createJob(database.db);
    const c = candidate();
    const id = await applyAndNote(t, admin, job.id, c);
    const rejected = await t.app.inject({
      method: "PATCH",
      url: `/api/job_applications/${id}/stage`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { stage: "rejected", reason: "not_a_fit" },
    });
    expect(rejected.statusCode).toBe(200);
    expect(await anonymiseLater(t)).toBe(1);
    expect(foundIn(await backup(), c)).toEqual(nothing);
  });
});

describe("PostgreSQL after an erase", () => {
  itWith(
    "TEST_DATABASE_URL",
    "no table file of the database (what a base backup copies) and no pg_dump holds what was erased",
    async () => {
      const database = await createTestDatabase();
      const t = await createTestApp({ PUBLIC_FORM_RATE_LIMIT: "1000" }, { database });
      const dumps = mkdtempSync(join(tmpdir(), "gcc-erase-dump-"));
      try {
        const admin = await operatorToken(t.app, "admin");
        const job = await createJob(database.db);
        const erased = candidate();
        const anonymised = candidate();
        const erasedId = await applyAndNote(t, admin, job.id, erased);
        const anonymisedId = await applyAndNote(t, admin, job.id, anonymised);
        await database.db
          .update(jobApplications)
          .set({ stage: "hired" })
          .where(eq(jobApplications.id, anonymisedId));

        /** Every file of this database's directory, as a base backup copies it, once written out. */
        const files = async () => {
          await database.db.execute(sql`checkpoint`);
          const result = (await database.db.execute(sql`
            select pg_read_binary_file(p, 0, (pg_stat_file(p, true)).size, true) as bytes
            from (select 'base/' || oid as dir from pg_database where datname = current_database()) d,
              lateral pg_ls_dir(d.dir) f, lateral (select d.dir || '/' || f as p) path`)) as unknown as {
            rows: { bytes: Buffer | null }[];
          };
          return Buffer.concat(result.rows.map((r) => r.bytes ?? Buffer.alloc(0)));
        };
        /** pg_dump's custom format, read back as SQL by pg_restore (bytea in hex there). */
        const dump = async () => {
          const file = join(dumps, `${randomBytes(4).toString("hex")}.dump`);
          await run("pg_dump", ["--format=custom", `--file=${file}`, database.url!]);
          return Buffer.from((await run("pg_restore", ["--file=-", file], { maxBuffer: 1 << 28 })).stdout);
        };
        const hex = (b: Buffer) => Buffer.from(b.toString("hex"));

        const before = await files();
        for (const c of [erased, anonymised]) {
          expect(foundIn(before, c).texts).toEqual(c.texts);
          expect(foundIn(before, c).cv).toBeGreaterThan(0);
        }

        expect((await erase(t, admin, erasedId)).statusCode).toBe(200);
        expect(await anonymiseLater(t)).toBe(1);
        const after = await files();
        const dumped = await dump();
        for (const c of [erased, anonymised]) {
          expect(foundIn(after, c)).toEqual(nothing);
          expect(foundIn(dumped, c)).toEqual(nothing);
          expect(foundIn(dumped, c, hex).cv).toBe(0);
        }
      } finally {
        await t.close();
        await database.close();
        rmSync(dumps, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
