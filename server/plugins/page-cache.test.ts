import Fastify, { type FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { createContentVersionService } from "../../domain/content-version/service";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { registerPageCache } from "./page-cache";
import { registerSecurityHeaders } from "./security";

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

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
      sql`insert into team_members (name, position) values ('N', 'P')`,
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
    registerPageCache(app, createContentVersionService(database.db));
    // Stands in for the React Router handler: streams HTML with this response's nonce.
    app.route({
      method: ["GET", "HEAD", "POST"],
      url: "/*",
      handler: async (request, reply) => {
        renders++;
        const path = request.url.split("?")[0]!;
        if (path === "/missing") return reply.status(404).type("text/html").send("<p>not found</p>");
        if (path === "/with-cookie") reply.header("set-cookie", "a=b");
        if (path === "/private") reply.header("cache-control", "private, no-store");
        const html = `<!doctype html><html><body><p>${path} ${renders}</p><script nonce="${request.cspNonce}">window.ok=1</script><script nonce="${request.cspNonce}" src="/a.js"></script></body></html>`;
        reply.type("text/html; charset=utf-8");
        return reply.send(Readable.from([html.slice(0, 40), html.slice(40)]));
      },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("serves a stored page with a fresh nonce that matches this response's CSP", async () => {
    const first = await app.inject("/about-page");
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(first.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    const firstNonce = nonceOf(first.headers["content-security-policy"]);
    expect(first.body).toContain(`nonce="${firstNonce}"`);

    const rendersBefore = renders;
    const hit = await app.inject("/about-page");
    expect(renders).toBe(rendersBefore);
    expect(hit.headers["x-cache"]).toBe("HIT");
    const hitNonce = nonceOf(hit.headers["content-security-policy"]);
    expect(hitNonce).toBeTruthy();
    expect(hitNonce).not.toBe(firstNonce);
    expect(hit.body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${hitNonce}"`, `nonce="${hitNonce}"`]);
    expect(hit.body).not.toContain(firstNonce);
    expect(hit.body).not.toContain("\u0000");
    expect(hit.headers.etag).toBe(first.headers.etag);
    expect(hit.headers["x-frame-options"]).toBe("DENY");

    const notModified = await app.inject({
      url: "/about-page",
      headers: { "if-none-match": first.headers.etag as string },
    });
    expect(notModified.statusCode).toBe(304);
    // The browser keeps the body and the policy it stored together; a new nonce here would block its scripts.
    expect(notModified.headers["content-security-policy"]).toBeUndefined();

    const head = await app.inject({ method: "HEAD", url: "/about-page" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["x-cache"]).toBe("HIT");
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

  it("keeps a known page parameter in the key", async () => {
    const one = await app.inject("/blog?page=2");
    const two = await app.inject("/blog?page=2");
    expect(two.headers["x-cache"]).toBe("HIT");
    expect(two.body.replace(/nonce="[^"]+"/g, "")).toBe(one.body.replace(/nonce="[^"]+"/g, ""));
    expect((await app.inject("/blog?page=3")).headers["x-cache"]).toBe("MISS");
  });

  it("renders again once public content changes", async () => {
    await app.inject("/leadership-page");
    expect((await app.inject("/leadership-page")).headers["x-cache"]).toBe("HIT");
    await database.db.execute(sql`insert into team_members (name, position) values ('New', 'Lead')`);
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
