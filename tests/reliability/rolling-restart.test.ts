import sharp from "sharp";
import { afterAll, expect, it } from "vitest";
import {
  createPgDatabase,
  freePort,
  json,
  signIn,
  sleep,
  spawnServer,
  startNginx,
  Tally,
  type ServerProcess,
} from "./support";
import { describeWith } from "../support/services";

/**
 * Two instances on one PostgreSQL behind Debian's nginx (passive health checks, retry on the other
 * upstream: see the nginx block below and docs/performance.md); each is restarted in turn (SIGTERM, SHUTDOWN_DELAY_MS) while traffic flows: zero failed
 * requests. Tokens from one instance work on the other (same JWT_SECRET) and an image uploaded through
 * one is served by the other (media in the database).
 */
const live = new Set<ServerProcess>();
let stopNginx: (() => Promise<void>) | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
afterAll(async () => {
  for (const s of live) await s.stop("SIGKILL");
  await stopNginx?.();
  await dropDatabase?.();
});

describeWith("TEST_DATABASE_URL", "two instances behind nginx", () => {
  it("share sign-in and media, and restart one after the other under load without a failed request", async () => {
    const database = await createPgDatabase("rolling");
    dropDatabase = database.drop;
    const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()];
    const env = {
      DATABASE_URL: database.url,
      SHUTDOWN_DELAY_MS: "2000",
      TRUST_PROXY: "true",
      LOG_LEVEL: "error",
    };
    const start = async (port: number, seed = false) => {
      const s = await spawnServer({ port, env: { ...env, ...(seed ? { SEED_DEMO: "true" } : {}) } });
      live.add(s);
      return s;
    };
    // The first seeds the demo content; the second starts while it may still be migrating (advisory lock).
    let a = await start(portA, true);
    let b = await start(portB);

    const nginx = await startNginx(
      () => `
  upstream app {
    server 127.0.0.1:${portA} max_fails=1 fail_timeout=2s;
    server 127.0.0.1:${portB} max_fails=1 fail_timeout=2s;
  }
  server {
    listen 127.0.0.1:${portLb};
    client_max_body_size 12m;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 1s;
      # Retry on the other instance when this one refused or reset the connection, or answered 503 (closing):
      # the request was not processed, so even a POST is safe to retry. Never on timeout (it may have been).
      proxy_next_upstream error http_503 non_idempotent;
      proxy_next_upstream_tries 2;
    }
  }`,
      portLb,
    );
    stopNginx = nginx.stop;

    // Signed in on A, used on B.
    const token = await signIn(a.url);
    const me = await fetch(`${b.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { username: string } }).data.username).toBe("admin");

    // Uploaded through A, served by B.
    const form = new FormData();
    const image = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#a52" } })
      .jpeg()
      .toBuffer();
    form.append("file", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "photo.jpg");
    const uploaded = await fetch(`${a.url}/api/uploads`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(uploaded.status).toBe(201);
    const { url: imageUrl } = ((await uploaded.json()) as { data: { url: string } }).data;
    const fromA = Buffer.from(await (await fetch(`${a.url}${imageUrl}`)).arrayBuffer());
    const fromB = await fetch(`${b.url}${imageUrl}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await fromB.arrayBuffer()).equals(fromA)).toBe(true);

    // Steady traffic through nginx while the instances restart one after the other.
    const [post] = (await (await fetch(`${nginx.url}/api/blog_details/`)).json()) as { id: number }[];
    const tally = new Tally();
    let running = true;
    const traffic: ((i: number) => [string, RequestInit?])[] = [
      () => ["/"],
      () => ["/blog"],
      () => ["/api/post_jobs/"],
      (i) => [
        "/api/blog_comments/",
        json({
          blog_id: post!.id,
          name: `Rolling ${i}`,
          email_id: `r${i}@example.com`,
          comment: `Comment ${i} during a rolling restart`,
        }),
      ],
      (i) => [
        "/api/contact_requests",
        json({
          first_name: "Rolling",
          last_name: `Restart ${i}`,
          email: `r${i}@example.com`,
          message: "Sent during a rolling restart",
          privacy_consent: true,
        }),
      ],
      () => ["/api/contact_requests?page=1&page_size=10", { headers: { authorization: `Bearer ${token}` } }],
      () => [imageUrl],
    ];
    const worker = async (w: number) => {
      for (let i = w; running; i += 8) {
        const [path, init] = traffic[i % traffic.length]!(i);
        try {
          const res = await fetch(`${nginx.url}${path}`, init);
          await res.arrayBuffer();
          tally.add(res.status, `${init?.method ?? "GET"} ${path}`);
        } catch (error) {
          tally.fail(error, path);
        }
        await sleep(25);
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));

    await sleep(2000);
    for (const which of ["a", "b"] as const) {
      const old = which === "a" ? a : b;
      expect(await old.stop("SIGTERM")).toBe(0);
      live.delete(old);
      const fresh = await start(old.port);
      if (which === "a") a = fresh;
      else b = fresh;
      await sleep(2000);
    }
    running = false;
    await Promise.all(workers);

    console.log(`rolling restart: ${JSON.stringify({ ok: tally.ok, ...tally.summary() })}`);
    expect(tally.ok).toBeGreaterThan(100);
    expect(
      tally.count((s) => s >= 400),
      JSON.stringify(tally.summary()),
    ).toBe(0);
    expect(tally.errorCount, JSON.stringify(tally.summary())).toBe(0);
    // The restarted instances still accept the token (signed, same secret) and serve the image.
    expect(
      (await fetch(`${b.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    expect((await fetch(`${a.url}${imageUrl}`)).status).toBe(200);
  });
});
