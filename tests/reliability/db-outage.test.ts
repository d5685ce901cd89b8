import { afterAll, expect, it } from "vitest";
import {
  createPgDatabase,
  json,
  signIn,
  sleep,
  spawnServer,
  startTcpProxy,
  type ServerProcess,
} from "./support";
import { describeWith } from "../support/services";

/**
 * PostgreSQL outage without stopping the shared PostgreSQL: a TCP proxy between the server and the
 * database resets every connection and refuses new ones, then comes back. During the outage answers are
 * quick 503s with a clear message (no hang, no crash) and /readyz is 503; within 5 s of the link coming
 * back everything works again by itself.
 */
const UNAVAILABLE = "The service is temporarily unavailable. Please try again shortly.";

let server: ServerProcess | undefined;
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  await server?.stop("SIGKILL");
  for (const step of cleanup) await step();
});

async function timed(url: string, init?: RequestInit) {
  const started = performance.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - started };
}

describeWith("TEST_DATABASE_URL", "database outage (PostgreSQL behind a TCP proxy)", () => {
  it("answers 503 quickly during the outage and recovers by itself within 5 s", async () => {
    const database = await createPgDatabase("outage");
    cleanup.push(() => database.drop());
    const target = new URL(database.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanup.unshift(() => proxy.close());
    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);

    server = await spawnServer({ env: { DATABASE_URL: viaProxy.toString(), SEED_DEMO: "true" } });
    const s = server;
    const token = await signIn(s.url);
    const bearer = { headers: { authorization: `Bearer ${token}` } };
    const cachedList = await timed(`${s.url}/api/blog_details/`);
    expect(cachedList.status).toBe(200);
    const probes: [string, () => Promise<{ status: number; text: string; ms: number }>][] = [
      ["console list", () => timed(`${s.url}/api/contact_requests?page=1&page_size=10`, bearer)],
      // Not found is never cached, so this public read needs the database every time.
      ["public job", () => timed(`${s.url}/jobs/2147480000`)],
      [
        "contact post",
        () =>
          timed(
            `${s.url}/api/contact_requests`,
            json({
              first_name: "Out",
              last_name: "Age",
              email: "outage@example.com",
              message: "During the outage",
              privacy_consent: true,
            }),
          ),
      ],
      [
        "sign-in",
        () => timed(`${s.url}/api/auth/login`, json({ username: "admin", password: "wrong-password-123" })),
      ],
    ];
    for (const [name, probe] of probes) expect((await probe()).status, name).toBeLessThan(500);

    await proxy.cut();
    // Every probe: a quick 503 with the message, several times over (pool retries must not pile up).
    for (let round = 0; round < 3; round++) {
      for (const [name, probe] of probes) {
        const answer = await probe();
        expect(answer.status, `${name}: ${answer.text}`).toBe(503);
        // The request id leads an operator from a user's report to the log line.
        expect(JSON.parse(answer.text)).toEqual({
          success: false,
          message: UNAVAILABLE,
          data: [],
          request_id: expect.stringMatching(/^[0-9a-f]{12}-[0-9a-z]+$/),
        });
        expect(answer.ms, name).toBeLessThan(2000);
      }
    }
    const ready = await timed(`${s.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThan(2000);
    // A burst during the outage: no crash, no hang.
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => probes[i % probes.length]![1]()));
    expect(
      burst.every((a) => a.status === 503 && a.ms < 2000),
      JSON.stringify(burst.map((a) => [a.status, Math.round(a.ms)])),
    ).toBe(true);
    // Public content already in the page cache is still served (it cannot change while the database is away).
    const stale = await timed(`${s.url}/api/blog_details/`);
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(cachedList.text);
    // Pages not in the cache fail fast; never a hang.
    const page = await timed(`${s.url}/blog?page=1`);
    expect(page.ms).toBeLessThan(2000);
    expect(page.status).toBe(503);
    expect(page.text).toContain("try again in a moment");
    expect((await timed(`${s.url}/healthz`)).status).toBe(200);
    expect(s.process.exitCode).toBeNull();

    await proxy.restore();
    const back = Date.now();
    let recovered = 0;
    while (Date.now() - back < 10_000) {
      const statuses = await Promise.all([
        timed(`${s.url}/readyz`),
        ...probes.slice(0, 3).map(([, probe]) => probe()),
      ]);
      if (statuses.every((a) => a.status < 500)) {
        recovered = Date.now() - back;
        break;
      }
      await sleep(100);
    }
    expect(recovered, "recovered within 5 s").toBeGreaterThan(0);
    expect(recovered).toBeLessThan(5000);
    console.log(`database outage: recovered ${recovered} ms after the link came back`);
    expect((await timed(`${s.url}/api/contact_requests?page=1&page_size=10`, bearer)).status).toBe(200);
    expect(s.output()).not.toMatch(/unhandled|uncaught/i);
  });
});
