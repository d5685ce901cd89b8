import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { jobApplications, mailOutbox } from "#db/schema/index.ts";
import { createTestApp, type TestApp } from "./app";
import { operatorToken } from "./auth";
import { multipartBody, samplePdf } from "./cv-files";

/** A complete, valid application's fields (the CV travels beside them). */
export const applicationFields = {
  first_name: "Meera",
  last_name: "Iyer",
  email: "meera.iyer@example.com",
  phone: "98765 43210",
  cover_note: "I have led payroll teams for six years.",
  city: "Pune",
  consent_processing: "on",
};

/**
 * Posts an application to a job as the job page's form does: multipart, the CV in the field `cv`; with
 * `jobId` null, the general application (no particular job).
 */
export function postApplication(
  app: FastifyInstance,
  jobId: number | null,
  file: { name: string; data: Buffer; type?: string } | null,
  change: Record<string, string> = {},
  remoteAddress = "127.0.0.1",
) {
  const { body, contentType } = multipartBody(
    { ...applicationFields, ...change },
    file ? [{ field: "cv", name: file.name, type: file.type ?? "application/pdf", data: file.data }] : [],
  );
  return app.inject({
    method: "POST",
    url: jobId === null ? "/api/general_applications" : `/api/jobs/${jobId}/applications`,
    headers: { "content-type": contentType, accept: "application/json" },
    payload: body,
    remoteAddress,
  });
}

/** A later submission's row (the form sent again with the application's address), with its own CV. */
export const submissionRow = (applicationId: number) => ({
  applicationId,
  firstName: "Meera",
  lastName: "Iyer",
  email: "Meera@example.com",
  phone: "+919876543210",
  cvFileName: "cv-2.pdf",
  cvContentType: "application/pdf",
  cvSize: samplePdf("Sent again").length,
  cvBytes: samplePdf("Sent again"),
  stageThen: "new" as const,
});

/**
 * The test file's app for posting applications (a public form limit no test reaches), an editor's and an
 * admin's token, and no application or mail left by the test before. `app` is there once the file's tests run.
 */
export function applicationsTestFile() {
  let t: TestApp | undefined;
  const file = {
    get app(): FastifyInstance {
      return t!.app;
    },
    editor: "",
    admin: "",
  };
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_FORM_RATE_LIMIT: "1000" });
    file.editor = await operatorToken(t.app, "editor");
    file.admin = await operatorToken(t.app, "admin");
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t!.app.database.db.delete(jobApplications);
    await t!.app.database.db.delete(mailOutbox);
  });
  return file;
}
