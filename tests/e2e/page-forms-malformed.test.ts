import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPLICATION_BYTES_PER_HOUR } from "#server/api/applications.ts";
import { clientKey } from "#server/plugins/rate-limit.ts";
import { postPath } from "#shared/slug.ts";
import { startSite, type RunningSite } from "../support/factories";

/**
 * Bodies no browser form sends, posted to every public form's page action on the built site in this process:
 * each is refused with a 400, never a 500 (which the request log would count as the server failing). And the
 * job page, like its API route, reads no upload from an address over its hourly bytes budget.
 */
let site: RunningSite;
const pages: string[] = ["/contact", "/dashboard/login", "/dashboard/forgot-password"];
beforeAll(async () => {
  site = await startSite();
  const job = (await site.app.inject({ url: "/api/post_jobs/" })).json() as { id: number }[];
  const posts = (await site.app.inject({ url: "/api/blog_details/" })).json() as {
    id: number;
    heading: string;
  }[];
  pages.push(`/careers-details?jobId=${job[0]!.id}`, postPath(posts[0]!.id, posts[0]!.heading));
});
afterAll(async () => {
  await site?.close();
});

const bodies = {
  "text/plain": { type: "text/plain", payload: "name=Ann&email=ann@example.com" },
  JSON: { type: "application/json", payload: '{"name":"Ann"}' },
  "multipart cut short": {
    type: "multipart/form-data; boundary=xyz",
    payload: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn',
  },
};

describe("a page form's action", () => {
  for (const [label, { type, payload }] of Object.entries(bodies))
    it(`refuses a ${label} body with a 400`, async () => {
      for (const url of pages) {
        const res = await site.app.inject({
          method: "POST",
          url,
          headers: { "content-type": type },
          payload,
        });
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(400);
        expect(res.body, url).toContain("This form could not be read");
      }
    });
});

describe("the job page's application form", () => {
  it("is refused unread, with the API's message, from an address over its upload budget", async () => {
    const ip = "10.93.0.1";
    await site.app.rateLimitCounter.hit(
      `bytes:applications:${clientKey(ip)}`,
      3_600_000,
      APPLICATION_BYTES_PER_HOUR,
    );
    const page = await site.app.inject({
      method: "POST",
      url: pages[3]!,
      remoteAddress: ip,
      // Read, this body would be refused as unreadable (400): the refusal must come before.
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      payload: `--xyz\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\n\r\n${"x".repeat(1000)}`,
    });
    expect(page.statusCode, page.body.slice(0, 300)).toBe(429);
    expect(page.body).toContain("You have sent more than 25 MB of applications from this address");
    expect(page.body).toContain('name="first_name"');
  });
});
