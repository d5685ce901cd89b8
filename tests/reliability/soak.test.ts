import { eq, inArray } from "drizzle-orm";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/client.ts";
import { blogComments, contactRequests, crmLeads, siteSettings } from "#db/schema/index.ts";
import { json, rssKb, signIn, sleep, spawnServer, Tally, type ServerProcess } from "./support";

/**
 * Soak: SOAK_MINUTES (default 5) of mixed traffic at SOAK_RPS (default 20) requests per second, open loop:
 * page views, public API reads, comment and contact posts, and console list/create/edit with a signed-in
 * operator. Zero 5xx, no network errors, resident memory growth under 20 % after the first minute, and
 * every acknowledged write present afterwards (read straight from the database once the server stopped).
 */
const MINUTES = Number(process.env.SOAK_MINUTES ?? 5);
const RPS = Number(process.env.SOAK_RPS ?? 20);
const MAX_IN_FLIGHT = 64;

let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop("SIGKILL");
});

describe(`soak (${MINUTES} min at ${RPS} req/s)`, () => {
  it(
    "serves mixed traffic without 5xx or memory growth and keeps every acknowledged write",
    async () => {
      server = await spawnServer({ env: { LOG_LEVEL: "error" } });
      const s = server;
      let token = await signIn(s.url);
      let tokenAt = Date.now();
      const auth = () => ({ authorization: `Bearer ${token}` });

      const posts = (await (await fetch(`${s.url}/api/blog_details/`)).json()) as { id: number }[];
      expect(posts.length).toBeGreaterThan(0);
      const postPage = new URL((await fetch(`${s.url}/blog/${posts[0]!.id}`)).url).pathname;
      const pages = [
        "/",
        "/blog",
        postPage,
        "/Careers-page",
        "/about-page",
        "/leadership-page",
        "/contact",
        "/managed-services",
      ];
      const publicApi = [
        "/api/blog_details/",
        "/api/post_jobs/",
        "/api/teams/",
        `/api/blog_comments/?blog_id=${posts[0]!.id}`,
      ];

      const tally = new Tally();
      const acked = {
        comments: new Map<number, string>(),
        contacts: new Map<number, string>(),
        leads: new Map<number, string>(),
        enquiryNotes: new Map<number, string>(),
        leadStatus: new Map<number, string>(),
        settingsAddress: null as string | null,
      };
      const editableEnquiries: number[] = [];
      const editableLeads: number[] = [];
      let settingsBusy = false;
      let n = 0;

      async function call(what: string, path: string, init?: RequestInit): Promise<Response | null> {
        try {
          const res = await fetch(`${s.url}${path}`, init);
          tally.add(res.status, `${what} ${path}`);
          return res;
        } catch (error) {
          tally.fail(error, `${what} ${path}`);
          return null;
        }
      }
      const body = async (res: Response | null) =>
        res && res.status < 300 ? ((await res.json()) as { data: { id: number } }) : null;

      const actions: [number, () => Promise<unknown>][] = [
        [50, async () => (await call("page", pages[n % pages.length]!))?.arrayBuffer()],
        [12, async () => (await call("api", publicApi[n % publicApi.length]!))?.arrayBuffer()],
        [
          8,
          async () => {
            const i = n;
            const text = `Soak comment ${i}`;
            const res = await call(
              "comment",
              "/api/blog_comments/",
              json({
                blog_id: posts[i % posts.length]!.id,
                name: `Soaker ${i}`,
                email_id: `soak${i}@example.com`,
                comment: text,
              }),
            );
            const saved = await body(res);
            if (saved) acked.comments.set(saved.data.id, text);
          },
        ],
        [
          7,
          async () => {
            const i = n;
            const message = `Soak enquiry ${i}`;
            const res = await call(
              "contact",
              "/api/contact_requests",
              json({
                first_name: "Soak",
                last_name: `Tester ${i}`,
                email: `soak${i}@example.com`,
                message,
                privacy_consent: true,
              }),
            );
            const saved = await body(res);
            if (saved) {
              acked.contacts.set(saved.data.id, message);
              editableEnquiries.push(saved.data.id);
            }
          },
        ],
        [
          8,
          async () => {
            const path =
              n % 2 === 0
                ? "/api/contact_requests?page=1&page_size=20&search=Soak"
                : "/api/crm/leads?page=1&page_size=20";
            (await call("console list", path, { headers: auth() }))?.arrayBuffer();
          },
        ],
        [
          6,
          async () => {
            const i = n;
            const name = `Soak lead ${i}`;
            const phone = `+9198${String(10_000_000 + i).slice(-8)}`;
            const res = await call(
              "console create",
              "/api/crm/leads",
              json({ name, contact_no: phone, status: "WARM" }, token),
            );
            const saved = await body(res);
            if (saved) {
              acked.leads.set(saved.data.id, name);
              editableLeads.push(saved.data.id);
            }
          },
        ],
        [
          9,
          async () => {
            const i = n;
            if (i % 3 === 0 && editableLeads.length > 0) {
              // Each record is edited once, so "last acknowledged" is unambiguous.
              const id = editableLeads.shift()!;
              const res = await call("console edit", `/api/crm/leads/${id}`, {
                ...json({ status: "HOT" }, token),
                method: "PATCH",
              });
              if (res?.status === 200) acked.leadStatus.set(id, "HOT");
            } else if (i % 3 === 1 && editableEnquiries.length > 0) {
              const id = editableEnquiries.shift()!;
              const notes = `Called back (${i})`;
              const res = await call("console edit", `/api/contact_requests/${id}`, {
                ...json({ notes, status: "contacted" }, token),
                method: "PATCH",
              });
              if (res?.status === 200) acked.enquiryNotes.set(id, notes);
            } else if (!settingsBusy) {
              // Site settings change public pages (content version bump): one write at a time.
              settingsBusy = true;
              try {
                const current = await body(
                  await call("console read", "/api/site_settings", { headers: auth() }),
                );
                if (current) {
                  const address = `Soak Street ${i}, Noida, India`;
                  const res = await call("console edit", "/api/site_settings", {
                    ...json({ ...current.data, address }, token),
                    method: "PUT",
                  });
                  if (res?.status === 200) acked.settingsAddress = address;
                }
              } finally {
                settingsBusy = false;
              }
            }
          },
        ],
      ];
      const totalWeight = actions.reduce((sum, [w]) => sum + w, 0);
      const pick = (i: number) => {
        let x = (i * 37) % totalWeight; // a fixed, evenly spread sequence
        for (const [w, action] of actions) {
          if (x < w) return action;
          x -= w;
        }
        return actions[0]![1];
      };

      const rss: { second: number; kb: number }[] = [];
      const started = Date.now();
      const end = started + MINUTES * 60_000;
      const inFlight = new Set<Promise<unknown>>();
      let skipped = 0;
      let nextRss = started;
      for (let tick = 0; Date.now() < end; tick++) {
        const due = started + (tick * 1000) / RPS;
        const wait = due - Date.now();
        if (wait > 0) await sleep(wait);
        if (Date.now() >= nextRss) {
          rss.push({ second: Math.round((Date.now() - started) / 1000), kb: rssKb(s.pid) });
          nextRss += 5000;
        }
        if (Date.now() - tokenAt > 10 * 60_000) {
          token = await signIn(s.url);
          tokenAt = Date.now();
        }
        if (inFlight.size >= MAX_IN_FLIGHT) {
          skipped++;
          continue;
        }
        n = tick;
        const p: Promise<unknown> = pick(tick)().finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      await Promise.all(inFlight);
      rss.push({ second: Math.round((Date.now() - started) / 1000), kb: rssKb(s.pid) });

      // Memory: the first minute (or fifth of the run) fills caches and the embedded database's buffers.
      const warmUp = Math.min(60, (MINUTES * 60) / 5);
      const baseline = rss.find((r) => r.second >= warmUp) ?? rss[0]!;
      const final = rss[rss.length - 1]!;
      const peak = Math.max(...rss.map((r) => r.kb));
      const growth = (final.kb - baseline.kb) / baseline.kb;
      const report = {
        minutes: MINUTES,
        rps: RPS,
        requests: tally.ok + tally.count((st) => st >= 400) + tally.errorCount,
        ...tally.summary(),
        skipped,
        rssMb: {
          start: Math.round(rss[0]!.kb / 1024),
          baseline: Math.round(baseline.kb / 1024),
          final: Math.round(final.kb / 1024),
          peak: Math.round(peak / 1024),
          growthPercent: Math.round(growth * 1000) / 10,
        },
        acked: {
          comments: acked.comments.size,
          contacts: acked.contacts.size,
          leads: acked.leads.size,
          enquiryEdits: acked.enquiryNotes.size,
          leadEdits: acked.leadStatus.size,
          settings: acked.settingsAddress !== null,
        },
      };
      console.log(`soak result: ${JSON.stringify(report)}`);
      mkdirSync("bench-results", { recursive: true });
      writeFileSync(join("bench-results", "soak.json"), JSON.stringify({ ...report, rss }, null, 2));

      expect(
        tally.count((st) => st >= 500),
        JSON.stringify(tally.summary()),
      ).toBe(0);
      expect(tally.errorCount, JSON.stringify(tally.summary())).toBe(0);
      expect(
        tally.count((st) => st >= 400),
        JSON.stringify(tally.summary()),
      ).toBe(0);
      // Ticks the load generator itself could not send (its in-flight cap was full) are not server
      // failures, but more than 1 % would mean the offered rate was not really held.
      expect(skipped, `${skipped} ticks skipped`).toBeLessThanOrEqual(Math.ceil(MINUTES * 60 * RPS * 0.01));
      expect(growth, JSON.stringify(report.rssMb)).toBeLessThan(0.2);

      // Every acknowledged write, read from the database after a clean stop.
      expect(await s.stop("SIGTERM")).toBe(0);
      server = undefined;
      const handle = await openDatabase({ kind: "pglite", dataDir: join(s.dataDir, "pglite") });
      try {
        const db = handle.db;
        const comments = await db
          .select()
          .from(blogComments)
          .where(inArray(blogComments.id, [...acked.comments.keys(), -1]));
        expect(new Map(comments.map((c) => [c.id, c.comment]))).toEqual(acked.comments);
        const contacts = await db
          .select()
          .from(contactRequests)
          .where(inArray(contactRequests.id, [...acked.contacts.keys(), -1]));
        expect(new Map(contacts.map((c) => [c.id, c.message]))).toEqual(acked.contacts);
        for (const [id, notes] of acked.enquiryNotes)
          expect(contacts.find((c) => c.id === id)?.notes).toBe(notes);
        const leads = await db
          .select()
          .from(crmLeads)
          .where(inArray(crmLeads.id, [...acked.leads.keys(), -1]));
        expect(new Map(leads.map((l) => [l.id, l.name]))).toEqual(acked.leads);
        for (const [id, status] of acked.leadStatus)
          expect(leads.find((l) => l.id === id)?.status).toBe(status);
        if (acked.settingsAddress) {
          const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
          expect((row?.data as { address: string }).address).toBe(acked.settingsAddress);
        }
      } finally {
        await handle.close();
      }
    },
    (MINUTES * 60 + 240) * 1000,
  );
});
