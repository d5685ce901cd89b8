import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { jobApplications } from "#db/schema/index.ts";
import { applicationFields } from "#tests/support/applications.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { samplePdf } from "#tests/support/cv-files.ts";
import { createJob } from "#tests/support/factories.ts";
import { pageFormPoster } from "./page-forms";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_RATE_LIMIT: "1" });
});
afterAll(() => t.close());

/** The page's request the form arrived with, as the action sees it: the visitor's address and browser. */
const visitor = (ip: string) => ({ ip, headers: { "user-agent": "test" } }) as unknown as FastifyRequest;

it("posts a page's multipart form with its file to the application route, as the visitor, under the route's limit", async () => {
  const job = await createJob(t.app.database.db);
  const form = new FormData();
  for (const [name, value] of Object.entries(applicationFields)) form.set(name, value);
  form.set("cv", new Blob([new Uint8Array(samplePdf())], { type: "application/pdf" }), "meera.pdf");
  const post = pageFormPoster(t.app, visitor("10.40.0.1"));

  const taken = await post(`/api/jobs/${job.id}/applications`, form);
  expect(taken.status).toBe(201);
  expect(taken.body.data).toEqual({ redirect: `/careers-details/applied?jobId=${job.id}` });
  const [row] = await t.app.database.db.select().from(jobApplications);
  expect(row!.cvFileName).toBe("meera.pdf");

  // The visitor's second post counts against the same per-address limit as the API's own callers.
  const limited = await post(`/api/jobs/${job.id}/applications`, form);
  expect(limited.status).toBe(429);
  expect(
    (await pageFormPoster(t.app, visitor("10.40.0.2"))(`/api/jobs/${job.id}/applications`, form)).status,
  ).toBe(201);
});

it("posts JSON to the contact route and refuses a route that is no page form's", async () => {
  const post = pageFormPoster(t.app, visitor("10.40.0.3"));
  const refused = await post("/api/contact_requests", { first_name: "Asha", privacy_consent: true });
  expect(refused.status).toBe(400);
  expect(refused.body.errors).toMatchObject({ last_name: "Enter your last name" });
  await expect(post("/api/jobs/1/notes" as "/api/contact_requests", {})).rejects.toThrow(/not a page form/);
});
