import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTEMPTS_PER_ACCEPTED } from "../plugins/rate-limit";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { postApplication } from "#tests/support/applications.ts";
import { executable, samplePdf } from "#tests/support/cv-files.ts";
import { createJob } from "#tests/support/factories.ts";

/** The applications route's limit on posts per address (the default, 5 accepted posts in 10 minutes). */
let t: TestApp;
let job: { id: number };
let limit: number;
beforeAll(async () => {
  t = await createTestApp();
  limit = t.config.PUBLIC_FORM_RATE_LIMIT;
  job = await createJob(t.app.database.db);
});
afterAll(() => t.close());
const cv = { name: "cv.pdf", data: samplePdf() };
const notCv = { name: "cv.pdf", data: executable() };
const tooMany = /^Too many requests\. Please wait \d+ minute\(s\) and try again\.$/;
/** A post from `address`: the CV given, a fresh e-mail address each time (so each is a first application). */
let n = 0;
const post = (address: string, file = cv) =>
  postApplication(t.app, job.id, file, { email: `candidate${++n}@example.com` }, address);

describe("the applications route's limit", () => {
  it("answers a post over the limit with 429, the usual JSON shape and Retry-After", async () => {
    for (let i = 0; i < limit; i++) expect((await post("10.40.0.1")).statusCode).toBe(201);
    const refused = await post("10.40.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({ success: false, message: expect.stringMatching(tooMany), data: [] });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("does not count refused posts: five refused CVs, then the candidate's good one is taken", async () => {
    for (let i = 0; i < 5; i++) expect((await post("10.40.0.2", notCv)).statusCode).toBe(400);
    expect((await post("10.40.0.2")).statusCode).toBe(201);
  });

  it(`still bounds refused posts: ${ATTEMPTS_PER_ACCEPTED} attempts per accepted post, then 429`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= limit * ATTEMPTS_PER_ACCEPTED; i++)
      statuses.push((await post("10.40.0.4", notCv)).statusCode);
    expect(statuses).toEqual([...Array<number>(limit * ATTEMPTS_PER_ACCEPTED).fill(400), 429]);
  });
});
