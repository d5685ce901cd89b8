import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { errorCode, json, signIn, sleep, spawnServer, type ServerProcess } from "./support";

/**
 * SIGTERM under load (tests/e2e/process.test.ts covers one in-flight request): 16 keep-alive clients
 * reading and writing, uploads of several seconds in flight. The clients behave like a load balancer
 * (they poll /readyz every 200 ms and send nothing new once it says 503, well within SHUTDOWN_DELAY_MS).
 * Every request sent is answered in full, with a success status: none is reset or cut off, including
 * those still running when the server stops listening; the process exits 0 without forcing connections.
 */
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop("SIGKILL");
});

describe("graceful shutdown under load", () => {
  it("finishes in-flight requests and resets no connection", async () => {
    server = await spawnServer({
      env: { SHUTDOWN_DELAY_MS: "2000", SHUTDOWN_TIMEOUT_MS: "30000", LOG_LEVEL: "error" },
    });
    const s = server;
    const token = await signIn(s.url);
    const [post] = (await (await fetch(`${s.url}/api/blog_details/`)).json()) as { id: number }[];
    const image = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#258" } })
      .jpeg()
      .toBuffer();

    const outcomes = { ok: 0, afterSigterm: 0, bad: [] as string[] };
    let sigtermAt = 0;
    let notReady = false;
    const monitor = (async () => {
      while (!notReady) {
        try {
          notReady = (await fetch(`${s.url}/readyz`)).status === 503;
        } catch {
          notReady = true;
        }
        await sleep(200);
      }
    })();
    const requests: ((i: number) => Promise<Response>)[] = [
      () => fetch(`${s.url}/blog`),
      () => fetch(`${s.url}/api/post_jobs/`),
      (i) =>
        fetch(
          `${s.url}/api/blog_comments/`,
          json({
            blog_id: post!.id,
            name: `Leaving ${i}`,
            email_id: `l${i}@example.com`,
            comment: `Written during shutdown ${i}`,
          }),
        ),
      (i) =>
        fetch(
          `${s.url}/api/contact_requests`,
          json({
            first_name: "Shut",
            last_name: `Down ${i}`,
            email: `s${i}@example.com`,
            message: "During shutdown",
            privacy_consent: true,
          }),
        ),
      () =>
        fetch(`${s.url}/api/contact_requests?page=1&page_size=10`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      () => {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "photo.jpg");
        return fetch(`${s.url}/api/uploads`, {
          method: "POST",
          body: form,
          headers: { authorization: `Bearer ${token}` },
        });
      },
    ];

    async function client(worker: number) {
      for (let i = worker; !notReady; i += 16) {
        const kind = i % requests.length;
        const sentAfterSigterm = sigtermAt > 0;
        try {
          const res = await requests[kind]!(i);
          await res.arrayBuffer(); // the whole body, or an error if it is cut off
          if (res.status < 400) {
            outcomes.ok++;
            if (sentAfterSigterm) outcomes.afterSigterm++;
          } else
            outcomes.bad.push(
              `${res.status} (kind ${kind}, ${sigtermAt ? Date.now() - sigtermAt : -1} ms after SIGTERM)`,
            );
        } catch (error) {
          outcomes.bad.push(
            `${errorCode(error)} (kind ${kind}, ${sigtermAt ? Date.now() - sigtermAt : -1} ms after SIGTERM)`,
          );
        }
      }
    }

    const clients = Array.from({ length: 16 }, (_, w) => client(w));
    await sleep(3000);
    const okBefore = outcomes.ok;
    sigtermAt = Date.now();
    s.process.kill("SIGTERM");
    const code = await s.exited;
    await Promise.all([...clients, monitor]);
    server = undefined;

    const exitMs = Date.now() - sigtermAt;
    console.log(
      `shutdown under load: ${JSON.stringify({ okBefore, ok: outcomes.ok, sentAfterSigterm: outcomes.afterSigterm, bad: outcomes.bad.length, exitMs })}`,
    );
    expect(outcomes.bad).toEqual([]);
    expect(okBefore).toBeGreaterThan(20);
    expect(outcomes.ok).toBeGreaterThan(okBefore); // requests in flight at SIGTERM were finished
    expect(code).toBe(0);
    expect(s.output()).not.toContain("did not finish in time");
  });
});
