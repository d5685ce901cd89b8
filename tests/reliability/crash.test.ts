import { inArray, like } from "drizzle-orm";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#db/client.ts";
import { blogComments, crmLeads, mediaFiles } from "#db/schema/index.ts";
import {
  checkedText,
  createPgDatabase,
  isIntact,
  json,
  signIn,
  sleep,
  spawnServer,
  TEST_JWT_SECRET,
  waitReady,
  type ServerProcess,
} from "./support";
import { freePort, serveSettings, serverEntry, serverEnv } from "../e2e/support/server";
import { itWith } from "../support/services";

/**
 * kill -9 during a stream of comment posts, console creates/edits and image uploads; after a restart every
 * acknowledged write is there (through the API, as visitors and operators see it) and nothing half-written
 * is visible: every comment/lead text carries its checksum, every stored image has all its variants.
 */
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop("SIGKILL");
});

interface Acked {
  comments: Map<number, { blogId: number; text: string }>;
  leads: Map<number, string>;
  leadEdits: Map<number, string>;
  images: Map<string, string[]>;
}

async function writeUntilKilled(s: ServerProcess): Promise<Acked> {
  const token = await signIn(s.url);
  const posts = (await (await fetch(`${s.url}/api/blog_details/`)).json()) as { id: number }[];
  const image = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();
  const acked: Acked = { comments: new Map(), leads: new Map(), leadEdits: new Map(), images: new Map() };
  let alive = true;
  let seq = 0;

  const loops = {
    async comments() {
      while (alive) {
        const i = seq++;
        const blogId = posts[i % posts.length]!.id;
        const text = checkedText(`crash comment ${i} ${"x".repeat(i % 200)}`);
        try {
          const res = await fetch(
            `${s.url}/api/blog_comments/`,
            json({ blog_id: blogId, name: `Crash ${i}`, email_id: `crash${i}@example.com`, comment: text }),
          );
          if (res.status === 201)
            acked.comments.set(((await res.json()) as { data: { id: number } }).data.id, { blogId, text });
        } catch {
          return; // the server is gone
        }
      }
    },
    async leads() {
      while (alive) {
        const i = seq++;
        const name = checkedText(`crash lead ${i}`);
        try {
          const res = await fetch(
            `${s.url}/api/crm/leads`,
            json({ name, contact_no: `+9197${String(10_000_000 + i).slice(-8)}`, status: "COLD" }, token),
          );
          if (res.status !== 201) continue;
          const id = ((await res.json()) as { data: { id: number } }).data.id;
          acked.leads.set(id, name);
          const edit = await fetch(`${s.url}/api/crm/leads/${id}`, {
            ...json({ status: "HOT" }, token),
            method: "PATCH",
          });
          if (edit.status === 200) acked.leadEdits.set(id, "HOT");
        } catch {
          return;
        }
      }
    },
    async uploads() {
      while (alive) {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "photo.jpg");
        try {
          const res = await fetch(`${s.url}/api/uploads`, {
            method: "POST",
            body: form,
            headers: { authorization: `Bearer ${token}` },
          });
          if (res.status === 201) {
            const data = ((await res.json()) as { data: { id: string; srcset: string; avifSrcset: string } })
              .data;
            const urls = [...data.srcset.split(", "), ...data.avifSrcset.split(", ")].map(
              (entry) => entry.split(" ")[0]!,
            );
            acked.images.set(data.id, urls);
          }
        } catch {
          return;
        }
      }
    },
  };

  const running = [loops.comments(), loops.comments(), loops.leads(), loops.leads(), loops.uploads()];
  // Kill once every kind of write has been acknowledged a few times, in the middle of the stream.
  const deadline = Date.now() + 60_000;
  while (
    Date.now() < deadline &&
    (acked.comments.size < 20 || acked.leadEdits.size < 5 || acked.images.size < 2)
  )
    await sleep(50);
  s.process.kill("SIGKILL");
  alive = false;
  await s.exited;
  await Promise.all(running);
  expect(acked.comments.size).toBeGreaterThanOrEqual(20);
  expect(acked.leadEdits.size).toBeGreaterThanOrEqual(5);
  expect(acked.images.size).toBeGreaterThanOrEqual(2);
  return acked;
}

/** Through the restarted server: what an operator sees. */
async function checkVisible(s: ServerProcess, acked: Acked) {
  const token = await signIn(s.url);
  const blogIds = new Set([...acked.comments.values()].map((c) => c.blogId));
  const visible = new Map<number, string>();
  for (const blogId of blogIds) {
    // Every page of the post's comments in the console (first comments wait for moderation there, off the site).
    const rows: { id: number; comment: string }[] = [];
    for (let page = 1; ; page++) {
      const url = `${s.url}/api/comments?blog_id=${blogId}&page=${page}&page_size=50`;
      const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const batch = ((await answer.json()) as { comments_data: { id: number; comment: string }[] })
        .comments_data;
      rows.push(...batch);
      if (batch.length < 50) break;
    }
    for (const row of rows) {
      visible.set(row.id, row.comment);
      if (row.comment.startsWith("crash comment")) expect(isIntact(row.comment), row.comment).toBe(true);
    }
  }
  for (const [id, { text }] of acked.comments) expect(visible.get(id), `comment ${id}`).toBe(text);

  for (const [id, name] of acked.leads) {
    const res = await fetch(`${s.url}/api/crm/leads/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status, `lead ${id}`).toBe(200);
    const { lead } = ((await res.json()) as { data: { lead: { name: string; status: string } } }).data;
    expect(lead.name).toBe(name);
    if (acked.leadEdits.has(id)) expect(lead.status).toBe("HOT");
  }

  for (const [id, urls] of acked.images) {
    for (const url of urls) {
      const res = await fetch(`${s.url}${url}`);
      expect(res.status, `${url} of image ${id}`).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  }
}

/** In the database itself: nothing torn among the writes that were in flight when the process died. */
async function checkNothingHalfWritten(handle: DatabaseHandle) {
  const comments = await handle.db
    .select({ comment: blogComments.comment })
    .from(blogComments)
    .where(like(blogComments.comment, "crash comment%"));
  for (const c of comments) expect(isIntact(c.comment), c.comment).toBe(true);
  const leads = await handle.db
    .select({ name: crmLeads.name })
    .from(crmLeads)
    .where(like(crmLeads.name, "crash lead%"));
  for (const l of leads) expect(isIntact(l.name), l.name).toBe(true);
  const files = await handle.db.select({ id: mediaFiles.id, file: mediaFiles.file }).from(mediaFiles);
  const byImage = new Map<string, string[]>();
  for (const f of files) byImage.set(f.id, [...(byImage.get(f.id) ?? []), f.file]);
  // A 1200 px upload has three widths in two formats: every stored image is complete.
  for (const [id, names] of byImage)
    expect(names.sort(), `image ${id}`).toEqual([
      "1200.avif",
      "1200.webp",
      "480.avif",
      "480.webp",
      "960.avif",
      "960.webp",
    ]);
  return { comments: comments.length, leads: leads.length, images: byImage.size };
}

describe("kill -9 during writes", () => {
  it("keeps every acknowledged write on the embedded database and shows nothing half-written", async () => {
    const first = await spawnServer();
    servers.push(first);
    const acked = await writeUntilKilled(first);

    const restarted = await spawnServer({ dataDir: first.dataDir });
    servers.push(restarted);
    await checkVisible(restarted, acked);
    expect(await restarted.stop()).toBe(0);

    const handle = await openDatabase({ kind: "pglite", dataDir: join(first.dataDir, "pglite") });
    try {
      const stored = await checkNothingHalfWritten(handle);
      expect(stored.comments).toBeGreaterThanOrEqual(acked.comments.size);
      expect(stored.images).toBeGreaterThanOrEqual(acked.images.size);
      const ids = await handle.db
        .select({ id: mediaFiles.id })
        .from(mediaFiles)
        .where(inArray(mediaFiles.id, [...acked.images.keys()]));
      expect(new Set(ids.map((r) => r.id)).size).toBe(acked.images.size);
    } finally {
      await handle.close();
    }
  });

  itWith(
    "TEST_DATABASE_URL",
    "keeps every acknowledged write on PostgreSQL and shows nothing half-written",
    async () => {
      const database = await createPgDatabase("crash");
      try {
        const env = { DATABASE_URL: database.url, SEED_DEMO: "true" };
        const first = await spawnServer({ env });
        servers.push(first);
        const acked = await writeUntilKilled(first);

        const restarted = await spawnServer({ env, dataDir: first.dataDir });
        servers.push(restarted);
        await checkVisible(restarted, acked);
        expect(await restarted.stop()).toBe(0);

        const handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 1 });
        try {
          await checkNothingHalfWritten(handle);
        } finally {
          await handle.close();
        }
      } finally {
        await database.drop();
      }
    },
  );
});

describe("a restart right after kill -9", () => {
  it("starts 0.5 s after the kill, while the dead server is a zombie that nothing has reaped", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "gcc-rel-"));
    const port = await freePort();
    // As in a container whose first process does not reap: the server's parent, a shell that became
    // `sleep`, never waits for it, so once killed it stays a zombie (state Z) holding its pid.
    const parent = spawn(
      "sh",
      [
        "-c",
        '"$@" & echo $!; exec sleep 600',
        "sh",
        process.execPath,
        ...serveSettings().nodeArgs,
        serverEntry(),
      ],
      { env: serverEnv(port, dataDir, { JWT_SECRET: TEST_JWT_SECRET }), stdio: ["ignore", "pipe", "pipe"] },
    );
    let log = "";
    parent.stdout!.on("data", (chunk) => (log = (log + chunk).slice(-100_000)));
    parent.stderr!.on("data", (chunk) => (log = (log + chunk).slice(-100_000)));
    try {
      const pid = Number(
        await new Promise((resolve) => parent.stdout!.once("data", (line) => resolve(String(line)))),
      );
      await waitReady({ url: `http://127.0.0.1:${port}`, process: parent, output: () => log });

      process.kill(pid, "SIGKILL");
      await sleep(500);
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      expect(stat.slice(stat.lastIndexOf(")") + 2)[0]).toBe("Z");

      const restarted = await spawnServer({ dataDir });
      servers.push(restarted);
      expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
      expect(await restarted.stop()).toBe(0);
    } finally {
      parent.kill("SIGKILL");
    }
  });
});
