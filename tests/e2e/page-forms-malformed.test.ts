import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postPath } from "../../shared/slug";
import { startSite, type RunningSite } from "../support/factories";

/**
 * Bodies no browser form sends, posted to every public form's page action on the built site in this process:
 * each is refused with a 400, never a 500 (which the request log would count as the server failing).
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
