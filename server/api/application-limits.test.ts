import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTEMPTS_PER_ACCEPTED } from "../plugins/rate-limit";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { postApplication } from "../../tests/support/applications";
import { executable, samplePdf } from "../../tests/support/cv-files";
import { createJob } from "../../tests/support/factories";

/** The applications route's limit on posts per address: what it counts, and how it answers. */
let strict: TestApp;
let usual: TestApp;
let job: { id: number };
beforeAll(async () => {
  // Limit 1 accepted post per address, and the default (5); the same job id in both fresh databases.
  [strict, usual] = await Promise.all([createTestApp({ PUBLIC_FORM_RATE_LIMIT: "1" }), createTestApp()]);
  [job] = await Promise.all([createJob(strict.app.database.db), createJob(usual.app.database.db)]);
});
afterAll(async () => {
  await strict?.close();
  await usual?.close();
});
const cv = { name: "cv.pdf", data: samplePdf() };
const notCv = { name: "cv.pdf", data: executable() };
const tooMany = /^Too many requests\. Please wait \d+ minute\(s\) and try again\.$/;

describe("the applications route's limit", () => {
  it("answers a post over the limit with 429, the usual JSON shape and Retry-After", async () => {
    const post = (email: string) =>
      postApplication(strict.app, job.id, cv, { email }, undefined, "10.40.0.1");
    expect((await post("first@example.com")).statusCode).toBe(201);
    const refused = await post("second@example.com");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({ success: false, message: expect.stringMatching(tooMany), data: [] });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("does not count refused posts: five refused CVs, then the candidate's good one is taken", async () => {
    // The default limit: 5 accepted posts in 10 minutes.
    for (let i = 0; i < 5; i++)
      expect((await postApplication(usual.app, job.id, notCv)).statusCode).toBe(400);
    expect((await postApplication(usual.app, job.id, cv)).statusCode).toBe(201);
  });

  it("counts a form post without JavaScript when it is taken, not when it goes back to the form", async () => {
    const page = (file: typeof cv, email = "meera.iyer@example.com") =>
      postApplication(strict.app, job.id, file, { email }, "text/html", "10.40.0.2");
    expect((await page(notCv)).headers.location).toBe(`/careers-details?jobId=${job.id}&error=cv#apply`);
    expect((await page(cv)).headers.location).toBe(`/careers-details/applied?jobId=${job.id}`);
    const over = await page(cv, "second@example.com");
    expect(over.statusCode).toBe(303);
    expect(over.headers.location).toBe(`/careers-details?jobId=${job.id}&error=too_many#apply`);
  });

  it(`still bounds refused posts: ${ATTEMPTS_PER_ACCEPTED} attempts per accepted post, then 429`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= ATTEMPTS_PER_ACCEPTED; i++)
      statuses.push(
        (await postApplication(strict.app, job.id, notCv, {}, undefined, "10.40.0.3")).statusCode,
      );
    expect(statuses).toEqual([...Array<number>(ATTEMPTS_PER_ACCEPTED).fill(400), 429]);
  });
});
