import Fastify, { type FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { renderNonce, sealInlineScripts } from "#app/lib/script-hashes.server.ts";
import type { DatabaseHandle } from "#db/client.ts";
import { createContentVersionService } from "#domain/content-version/service.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { negotiate, registerPageCache } from "./page-cache";
import { contentSecurityPolicy, registerSecurityHeaders } from "./security";

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

async function publish(db: DatabaseHandle["db"], heading: string) {
  await db.execute(
    sql`insert into blog_posts (heading, status, published_at) values (${heading}, 'published', now() - interval '1 day')`,
  );
}

// One database for the whole file: a new one costs seconds.
let t: TestApp;
let database: DatabaseHandle;
beforeAll(async () => {
  t = await createTestApp();
  database = t.app.database;
});
afterAll(() => t.close());

describe("content version", () => {
  it("is bumped by the database in the same statement as any public-content change, and read at most once per interval", async () => {
    let clock = 0;
    const version = createContentVersionService(database.db, { maxAgeMs: 1000, now: () => clock });
    const v0 = await version.current();
    await publish(database.db, "Versioned");
    expect(await version.current()).toBe(v0); // within the interval: the remembered value
    clock = 1000;
    const v1 = await version.current();
    expect(v1).toBeGreaterThan(v0);
    for (const statement of [
      sql`update blog_posts set heading = 'Changed'`,
      sql`insert into blog_comments (blog_id, name, email_id, comment) select id, 'A', 'a@example.com', 'Hi' from blog_posts limit 1`,
      sql`insert into team_members (name, position, slug) values ('N', 'P', 'n')`,
      sql`insert into jobs (job_title, company, location) values ('T', 'C', 'L')`,
      sql`update site_settings set updated_at = now()`,
      sql`insert into site_settings (id, data) values (1, '{}') on conflict (id) do update set data = excluded.data`,
      sql`delete from jobs`,
    ]) {
      const before = await (version.expire(), version.current());
      await database.db.execute(statement);
      version.expire();
      expect(await version.current(), String(statement.queryChunks[0])).toBeGreaterThan(before);
    }
    const before = await (version.expire(), version.current());
    await database.db.execute(
      sql`insert into contact_requests (first_name, last_name, email, message) values ('a', 'b', 'c@d.e', 'private')`,
    );
    version.expire();
    expect(await version.current()).toBe(before); // enquiries are not public content
  });

  it("shares one read among concurrent callers", async () => {
    let reads = 0;
    const counting = new Proxy(database.db, {
      get(target, prop, receiver) {
        if (prop === "select") reads++;
        return Reflect.get(target, prop, receiver);
      },
    });
    const version = createContentVersionService(counting);
    await Promise.all(Array.from({ length: 20 }, () => version.current()));
    expect(reads).toBe(1);
  });
});

describe("page cache on the public API", () => {
  beforeAll(async () => {
    await t.app.database.db.execute(sql`delete from blog_posts`);
    await publish(t.app.database.db, "First post");
  });

  it("stores public answers, answers 304 to a matching If-None-Match and renders again after a change", async () => {
    const first = await t.app.inject("/api/blog_details/");
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers["cache-control"]).toMatch(/^public/);

    const second = await t.app.inject("/api/blog_details/");
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(etag);
    expect(second.headers["content-type"]).toBe(first.headers["content-type"]);

    const revalidated = await t.app.inject({ url: "/api/blog_details/", headers: { "if-none-match": etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");

    // A write through the API expires this instance's version at once (read-your-writes).
    const postId = (first.json() as { id: number }[])[0]!.id;
    const comment = await t.app.inject({
      method: "POST",
      url: "/api/blog_comments/",
      payload: { blog_id: postId, name: "Reader", email_id: "reader@example.com", comment: "Nice" },
    });
    expect(comment.statusCode).toBe(201);
    const afterWrite = await t.app.inject("/api/blog_details/");
    expect(afterWrite.headers["x-cache"]).toBe("MISS");

    // A write elsewhere (another instance, SQL) shows within the version interval.
    await publish(t.app.database.db, "Second post");
    await new Promise((r) => setTimeout(r, 1100));
    const changed = await t.app.inject({ url: "/api/blog_details/", headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain("Second post");
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("keys on the paging parameters only and bypasses other queries and bearer requests", async () => {
    await t.app.inject("/api/blog_details/?page=1&page_size=1");
    expect((await t.app.inject("/api/blog_details/?page_size=1&page=1")).headers["x-cache"]).toBe("HIT");
    expect((await t.app.inject("/api/blog_details/?page=1&page_size=2")).headers["x-cache"]).toBe("MISS");
    const other = await t.app.inject("/api/blog_details/?utm_source=x");
    expect(other.headers["x-cache"]).toBeUndefined();
    await t.app.inject("/api/blog_details/?utm_source=x");
    expect((await t.app.inject("/api/blog_details/?utm_source=x")).headers["x-cache"]).toBeUndefined();
    const bearer = await t.app.inject({ url: "/api/blog_details/", headers: { authorization: "Bearer x" } });
    expect(bearer.headers["x-cache"]).toBeUndefined();
  });

  it("never stores console answers", async () => {
    await t.app.inject("/api/contact_requests");
    expect((await t.app.inject("/api/contact_requests")).headers["x-cache"]).toBeUndefined();
  });
});

describe("page cache on rendered pages", () => {
  let app: FastifyInstance;
  let renders = 0;

  beforeAll(async () => {
    app = Fastify() as unknown as FastifyInstance;
    await registerSecurityHeaders(app);
    registerPageCache(app, createContentVersionService(database.db), { upgradeBrotli: false });
    // Stands in for the React Router handler: streams HTML whose inline script is allowed by its hash.
    app.route({
      method: ["GET", "HEAD", "POST"],
      url: "/*",
      handler: async (request, reply) => {
        renders++;
        const path = request.url.split("?")[0]!;
        if (path === "/missing") return reply.status(404).type("text/html").send("<p>not found</p>");
        if (path === "/with-cookie") reply.header("set-cookie", "a=b");
        if (path === "/private") reply.header("cache-control", "private, no-store");
        if (path === "/slow") await new Promise((r) => setTimeout(r, 100));
        const nonce = renderNonce();
        const { html, scriptHashes } = sealInlineScripts(
          `<!doctype html><html><body><p>${path} ${renders}</p>${"<p>Global Capability Centers</p>".repeat(80)}<script nonce="${nonce}">window.ok=1</script><script nonce="${nonce}" src="/a.js"></script></body></html>`,
          nonce,
        );
        reply.type("text/html; charset=utf-8");
        reply.header("content-security-policy", contentSecurityPolicy({ scriptHashes }));
        return reply.send(Readable.from([html.slice(0, 40), html.slice(40)]));
      },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("serves a stored page as the very same bytes, with the policy that lists its scripts", async () => {
    const first = await app.inject("/about-page");
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(first.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    const policy = String(first.headers["content-security-policy"]);
    expect(policy).toContain(`'sha256-${sha256("window.ok=1")}'`);
    expect(first.body).not.toContain("nonce");

    const rendersBefore = renders;
    const hit = await app.inject("/about-page");
    expect(renders).toBe(rendersBefore);
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.body).toBe(first.body);
    expect(hit.headers["content-security-policy"]).toBe(policy);
    expect(hit.headers.etag).toBe(first.headers.etag);
    expect(hit.headers["x-frame-options"]).toBe("DENY");

    const notModified = await app.inject({
      url: "/about-page",
      headers: { "if-none-match": first.headers.etag as string },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe("");
    // The browser keeps the body and the policy it stored together.
    expect(notModified.headers["content-security-policy"]).toBeUndefined();

    const head = await app.inject({ method: "HEAD", url: "/about-page" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["x-cache"]).toBe("HIT");
    expect(head.body).toBe("");
  });

  it("stores brotli, gzip and plain bytes once, and serves each to the client that accepts it", async () => {
    const plain = await app.inject("/consulting-services");
    const br = await app.inject({
      url: "/consulting-services",
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    const gz = await app.inject({
      url: "/consulting-services",
      headers: { "accept-encoding": "gzip, deflate" },
    });
    const none = await app.inject({
      url: "/consulting-services",
      headers: { "accept-encoding": "br;q=0, gzip;q=0" },
    });
    expect(br.headers["x-cache"]).toBe("HIT");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.body).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    for (const res of [plain, br, gz]) expect(res.headers.vary).toBe("Accept-Encoding");
    // One ETag per encoding: a revalidation matches only the bytes the client holds.
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    const brAgain = { "accept-encoding": "br" };
    expect(
      (
        await app.inject({
          url: "/consulting-services",
          headers: { ...brAgain, "if-none-match": String(br.headers.etag) },
        })
      ).statusCode,
    ).toBe(304);
    expect(
      (
        await app.inject({
          url: "/consulting-services",
          headers: { ...brAgain, "if-none-match": String(plain.headers.etag) },
        })
      ).statusCode,
    ).toBe(200);
  });

  it("does no compression work on a hit", async () => {
    const headers = { "accept-encoding": "gzip, deflate, br, zstd" };
    await app.inject({ url: "/managed-services", headers });
    const brotli = vi.spyOn(zlib, "brotliCompressSync");
    const gzip = vi.spyOn(zlib, "gzipSync");
    try {
      for (let i = 0; i < 5; i++) {
        const hit = await app.inject({ url: "/managed-services", headers });
        expect(hit.headers["x-cache"]).toBe("HIT");
        expect(hit.headers["content-encoding"]).toBe("br");
      }
      expect(brotli).not.toHaveBeenCalled();
      expect(gzip).not.toHaveBeenCalled();
    } finally {
      brotli.mockRestore();
      gzip.mockRestore();
    }
  });

  it("renders a missed page once for all the requests that ask for it at the same time", async () => {
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 12 }, () => app.inject("/slow")));
    expect(renders).toBe(before + 1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers["x-cache"] === "MISS")).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  });

  it.each(["/dashboard", "/dashboard/enquiries", "/missing", "/with-cookie", "/private", "/about-page?x=1"])(
    "never stores %s",
    async (path) => {
      await app.inject(path);
      const again = await app.inject(path);
      expect(again.headers["x-cache"]).not.toBe("HIT");
      const rendersBefore = renders;
      await app.inject(path);
      expect(renders).toBe(rendersBefore + 1);
    },
  );

  it("keeps a known page, tag or language parameter in the key", async () => {
    const one = await app.inject("/blog?page=2");
    const two = await app.inject("/blog?page=2");
    expect(two.headers["x-cache"]).toBe("HIT");
    expect(two.body).toBe(one.body);
    expect((await app.inject("/blog?page=3")).headers["x-cache"]).toBe("MISS");
    // The blog's tag lists (`/blog?tag=`) are pages of their own too.
    await app.inject("/blog?tag=BOT");
    expect((await app.inject("/blog?tag=BOT")).headers["x-cache"]).toBe("HIT");
    expect((await app.inject("/blog?tag=GCC")).headers["x-cache"]).toBe("MISS");
    // So are its lists of one language, and the feeds of one language.
    await app.inject("/blog?lang=hi");
    expect((await app.inject("/blog?lang=hi")).headers["x-cache"]).toBe("HIT");
    expect((await app.inject("/blog?lang=ta")).headers["x-cache"]).toBe("MISS");
    await app.inject("/rss.xml?lang=hi");
    expect((await app.inject("/rss.xml?lang=hi")).headers["x-cache"]).toBe("HIT");
  });

  it("renders again once public content changes", async () => {
    await app.inject("/leadership-page");
    expect((await app.inject("/leadership-page")).headers["x-cache"]).toBe("HIT");
    await database.db.execute(
      sql`insert into team_members (name, position, slug) values ('New', 'Lead', 'new')`,
    );
    app.pageCache.contentVersion.expire();
    expect((await app.inject("/leadership-page")).headers["x-cache"]).toBe("MISS");
  });

  it("does not store a page rendered for a non-GET request", async () => {
    await app.inject({
      method: "POST",
      url: "/contact",
      payload: "a=1",
      headers: { "content-type": "text/plain" },
    });
    expect((await app.inject("/contact")).headers["x-cache"]).toBe("MISS");
  });
});

describe("negotiate", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["BR;Q=0.5", "br"],
    ["identity", "identity"],
    ["*", "br"],
    ["gzip;q=0, br;q=0", "identity"],
  ] as const)("%s → %s", (header, encoding) => {
    expect(negotiate(header)).toBe(encoding);
  });
});

describe("page cache front (raw requests, before Fastify)", () => {
  const lines: { cache?: string; path?: string; status?: number; hits?: number }[] = [];
  let front: TestApp;
  let url = "";
  beforeAll(async () => {
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    front = await createTestApp({ TRUST_PROXY: "true" }, { logger });
    await publish(front.app.database.db, "Front post");
    url = await front.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => front.close());

  it("answers a stored public answer itself, with the same bytes and headers as the app", async () => {
    const headers = { "accept-encoding": "gzip, deflate, br, zstd" };
    const miss = await fetch(`${url}/api/blog_details/`, { headers });
    const missBody = await miss.text();
    expect(miss.headers.get("x-cache")).toBe("MISS");
    lines.length = 0;
    const hit = await fetch(`${url}/api/blog_details/`, {
      headers: { ...headers, "x-forwarded-proto": "https", "x-request-id": "lb-7f3a" },
    });
    expect(await hit.text()).toBe(missBody);
    // The front gives a hit its id too: the trusted proxy's here, a new one for the miss.
    expect(hit.headers.get("x-request-id")).toBe("lb-7f3a");
    expect(miss.headers.get("x-request-id")).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.headers.get("content-encoding")).toBe("br");
    expect(hit.headers.get("etag")).toBe(miss.headers.get("etag"));
    expect(hit.headers.get("content-security-policy")).toBe(miss.headers.get("content-security-policy"));
    expect(hit.headers.get("x-content-type-options")).toBe("nosniff");
    expect(hit.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
    // Served by the front: its summary line (written each second) counts it, and Fastify's request log did not run.
    await expect
      .poll(() => lines.filter((l) => l.path === "/api/blog_details/"), { timeout: 3000 })
      .toEqual([expect.objectContaining({ cache: "hit", status: 200, hits: 1 })]);
    const revalidated = await fetch(`${url}/api/blog_details/`, {
      headers: { ...headers, "if-none-match": String(hit.headers.get("etag")) },
    });
    expect(revalidated.status).toBe(304);
  });

  it("leaves the request to the app while the server drains", async () => {
    await fetch(`${url}/api/teams/`);
    front.app.lifecycle.draining = true;
    try {
      lines.length = 0;
      const res = await fetch(`${url}/api/teams/`);
      expect(res.headers.get("x-cache")).toBe("HIT");
      expect(res.headers.get("connection")).toBe("close");
      // Past the hit summary's one-second interval: the front counted nothing, the app logged the request.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(lines.filter((l) => l.path === "/api/teams/")).toEqual([
        expect.not.objectContaining({ cache: "hit" }),
      ]);
    } finally {
      front.app.lifecycle.draining = false;
    }
  });
});
