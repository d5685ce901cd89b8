import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/client.ts";
import {
  jobApplicationSubmissions,
  jobApplications,
  serviceHistory,
  serviceRequests,
  subscriptions,
} from "#db/schema/index.ts";
import { openApiPath } from "#server/openapi.ts";
import type { JsonSchema } from "#schemas/json-schema.ts";
import { arbitraryFor } from "../security/fuzz/arbitrary";
import { noTwoXxHere, validCase } from "../security/fuzz/valid-cases";
import { validCaseSessions } from "../security/fuzz/valid-sessions";
import { submissionRow } from "../support/applications";
import { createTestApp, type TestApp } from "../support/app";
import { operatorToken } from "../support/auth";
import { createTestDatabase } from "../support/database";
import { samplePdf } from "../support/cv-files";
import { importClient } from "../support/imports";
import { createComment, createJob, createPost, enquiryInput } from "../support/factories";
import {
  buySellBody,
  driverBody,
  loadBody,
  mediaUrl,
  memberBody,
  truckBody,
} from "../support/logistics-bodies";

// The API description is the truth: every operation of /api/openapi.json is called as each role
// with inputs generated from the document itself, and every answer, 2xx and 4xx, must match what the
// document says for its status. Path ids point at records created first, so reads and edits reach a 2xx.
// Outside production the serializer refuses an answer its schema would trim (exactAnswers in
// server/zod-provider.ts: a 500 here), and every list holds a record, so each record's schema is proven to
// carry every field its service returns. Then every operation with a documented 2xx is sent the fuzzer's
// valid request (tests/security/fuzz/valid-cases.ts), which must reach that 2xx and match the document.

type Role = "anonymous" | "editor" | "admin";
interface Parameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: object } };

let t: TestApp;
let database: DatabaseHandle;
let document: Document;
const tokens: Record<Role, string | undefined> = {
  anonymous: undefined,
  editor: undefined,
  admin: undefined,
};
// Formats too: a date-time or an e-mail address the document promises is checked, not just its type.
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: false }));

beforeAll(async () => {
  // On disk: the online backup copies the data directory, which a database in memory lacks.
  database = await createTestDatabase({ onDisk: true });
  t = await createTestApp({ PUBLIC_FORM_RATE_LIMIT: "10000" }, { database });
  tokens.admin = await operatorToken(t.app, "admin");
  tokens.editor = await operatorToken(t.app, "editor");
  // Record 1 of each kind the path ids name (fresh database: the first row of each table is id 1).
  const db = t.app.database.db;
  const post = await createPost(db);
  await createComment(db, { blogId: post.id });
  // Post 1 has a translation, so its list of translations is checked with a row in it.
  await createPost(db, { heading: "पहली पोस्ट", language: "Hindi", translationGroup: post.id });
  const job = await createJob(db);
  // Subscriber 1, so the Subscribers list is checked with a row in it.
  await db.insert(subscriptions).values({
    kind: "blog",
    language: "Tamil",
    email: "reader@example.com",
    unsubscribeToken: "t".repeat(43),
  });
  const [application] = await db
    .insert(jobApplications)
    .values({
      jobId: job.id,
      firstName: "Meera",
      lastName: "Iyer",
      email: "meera@example.com",
      phone: "+919876543210",
      cvFileName: "cv.pdf",
      cvContentType: "application/pdf",
      cvSize: samplePdf().length,
      cvBytes: samplePdf(),
    })
    .returning();
  // The form sent again with the same address: submission 1, with its own CV.
  await db.insert(jobApplicationSubmissions).values(submissionRow(application!.id));
  const admin = { authorization: `Bearer ${tokens.admin}` };
  // The application's stage history and notes are lists too: one entry each.
  for (const [method, url, payload] of [
    ["PATCH", `/api/job_applications/${application!.id}/stage`, { stage: "screening" }],
    ["POST", `/api/job_applications/${application!.id}/notes`, { text: "Strong profile" }],
  ] as const) {
    const res = await t.app.inject({ method, url, headers: admin, payload });
    expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
  }
  const member = memberBody();
  const phone = member.phone;
  for (const [url, payload] of [
    ["/api/members", member],
    ["/api/team_members", { name: "Asha Rao", position: "Director" }],
    [
      "/api/case_studies",
      {
        title: "A centre in Pune",
        industry: "Fintech",
        summary: "Live in five months.",
        model: "bot",
        outcomes: [{ value: "5 months", label: "to the first release" }],
      },
    ],
    ["/api/testimonials", { person: "Asha Rao", quote: "Fast and clear." }],
    ["/api/client_logos", { name: "Northwind", image: "/images/proof/logo-1.svg" }],
    ["/api/crm/leads", { name: "Contract Lead", contact_no: "98100 00042", status: "HOT" }],
    ["/api/loads", loadBody(phone)],
    ["/api/trucks", truckBody(phone)],
    ["/api/drivers", driverBody(phone)],
    ["/api/buy_sell", buySellBody(phone, { images: [mediaUrl(1)] })],
  ] as const) {
    const res = await t.app.inject({ method: "POST", url, headers: admin, payload });
    expect(res.statusCode, `${url} ${res.body}`).toBe(201);
  }
  // A row in every other list the walk reads: feedback, requests, after-sale history, notes, enquiries,
  // and a revision of post 1 (member 1's vehicles come with its truck).
  for (const [url, payload] of [
    ["/api/feedback", { kind: "complaint", text: "The truck was late.", contact_no: phone }],
    ["/api/crm/leads/1/notes", { note: "Call back on Monday." }],
    ["/api/contact_requests", { ...enquiryInput }],
  ] as const) {
    const res = await t.app.inject({ method: "POST", url, headers: admin, payload });
    expect(res.statusCode, `${url} ${res.body}`).toBe(201);
  }
  await db.insert(serviceRequests).values(
    (["insurance", "fast_tag"] as const).map((kind) => ({
      kind,
      memberId: 1,
      vehicleNumber: "MH12AB1234",
      contactNo: phone,
      status: "new" as const,
    })),
  );
  await db.insert(serviceHistory).values({ memberId: 1, service: "Insurance", amount: 12000 });
  const post1 = (await t.app.inject({ method: "GET", url: "/api/blog/1", headers: admin })).json().data;
  const edit = await t.app.inject({
    method: "PATCH",
    url: "/api/blog/1",
    headers: admin,
    payload: {
      ...Object.fromEntries(
        ["heading", "sub_heading", "full_description", "feature_image", "image_alt_text", "tags"].map(
          (key) => [key, post1[key]],
        ),
      ),
      seo_title: "",
      meta_description: "",
      language: post1.language,
      author: post1.author,
      status: post1.status,
    },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  // Something in Recently deleted: a second team member, deleted.
  const doomed = await t.app.inject({
    method: "POST",
    url: "/api/team_members",
    headers: admin,
    payload: { name: "Ravi Menon", position: "Advisor" },
  });
  const deleted = await t.app.inject({
    method: "DELETE",
    url: `/api/team_members/${doomed.json().data.id}`,
    headers: admin,
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
  // Import 1, committed: the recent imports list and the failed-rows file read it.
  const imported = await importClient(t.app, () => tokens.admin!).importCsv(
    "leads",
    "Name,Phone number,Status\nImported Lead,98100 00043,WARM\n",
  );
  expect(imported.last.type, JSON.stringify(imported.last)).toBe("done");
  // A visit from another site: the site analytics' pages, sources and countries read it.
  t.app.services.siteAnalytics.view(
    { path: "/", referrer: "google.com", utmSource: null, utmMedium: null, utmCampaign: null, country: "IN" },
    { address: "203.0.113.5", agent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36" },
  );
  await t.app.services.siteAnalytics.flush();
  document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
  ajv.addSchema({ $id: "doc", components: document.components });
});
afterAll(async () => {
  await t?.close();
  await database?.close();
});

/** The schema the document gives an answer: its own status, else the range (4XX, 5XX). */
function declaredAnswer(operation: Operation, status: number) {
  const answer = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`];
  return answer?.content;
}

/** What is wrong with an answer by the document (its status, content type and JSON schema), or null. */
function answerProblem(operation: Operation, res: LightMyRequestResponse): string | null {
  const content = declaredAnswer(operation, res.statusCode);
  if (!content) return "status not in the document";
  const type = String(res.headers["content-type"] ?? "").split(";")[0]!;
  const declared = content[type];
  if (!declared) return `content type ${type} not in the document (${Object.keys(content).join(", ")})`;
  if (type !== "application/json") return null;
  const schema = JSON.parse(
    JSON.stringify(declared.schema).replaceAll('"#/components/', '"doc#/components/'),
  );
  const validate = ajv.compile(schema);
  return validate(res.json()) ? null : `${ajv.errorsText(validate.errors)} in ${res.body.slice(0, 200)}`;
}

/** Every operation of the document, reads first, then writes, then deletes and sign-outs. */
const operationsOf = (doc: Document) =>
  Object.entries(doc.paths)
    .flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, op]) => ({ path, method, op })))
    .sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));

const sample = <T>(arbitrary: fc.Arbitrary<T>, seed: number) =>
  fc.sample(arbitrary, { numRuns: 1, seed })[0]!;

function requestFor(path: string, operation: Operation, seed: number) {
  let url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = operation.parameters.find((p) => p.name === name)!;
    if (parameter.schema.enum) return String(parameter.schema.enum[0]);
    return parameter.schema.type === "string" && parameter.schema.pattern
      ? String(sample(arbitraryFor(parameter.schema), seed))
      : "1";
  });
  const query = new URLSearchParams();
  for (const p of operation.parameters)
    if (p.in === "query" && p.required) query.set(p.name, String(sample(arbitraryFor(p.schema), seed)));
  if (query.size) url += `?${query}`;
  const body = operation.requestBody?.content["application/json"]?.schema;
  return { url, payload: body ? JSON.stringify(sample(arbitraryFor(body), seed)) : undefined };
}

/** The empty record lists of an answer: its top-level arrays, and those one object down (`data`, a profile). */
function emptyLists(body: unknown): string[] {
  const items = Array.isArray(body) ? body : [body];
  const empty: string[] = Array.isArray(body) && body.length === 0 ? ["(answer)"] : [];
  for (const item of items)
    if (item && typeof item === "object")
      for (const [key, value] of Object.entries(item)) {
        if (Array.isArray(value) && value.length === 0) empty.push(key);
        if (value && typeof value === "object" && !Array.isArray(value))
          for (const [inner, list] of Object.entries(value))
            if (Array.isArray(list) && list.length === 0) empty.push(`${key}.${inner}`);
      }
  return empty;
}

// Each step still finds the records it names.
const ORDER = ["get", "put", "patch", "post", "delete"];

describe("every documented operation, as each role, answers what the document says", () => {
  it("matches the document on every answer and never answers 5xx", { timeout: 300_000 }, async () => {
    const problems: string[] = [];
    const successes = new Map<string, number>();
    const emptyReads = new Set<string>();
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(120);
    for (const { path, method, op } of operations) {
      if (path === "/api/auth/logout") continue; // ends the session the walk signs in with; covered in auth.test.ts
      for (const role of ["anonymous", "editor", "admin"] as const) {
        const { url, payload } = requestFor(path, op, 20261126);
        const res = await t.app.inject({
          method: method.toUpperCase() as "GET",
          url,
          headers: {
            ...(tokens[role] ? { authorization: `Bearer ${tokens[role]}` } : {}),
            ...(payload ? { "content-type": "application/json" } : {}),
            "sec-fetch-dest": "empty",
            "sec-fetch-mode": "same-origin",
          },
          ...(payload ? { payload } : {}),
        });
        const name = `${role} ${method.toUpperCase()} ${url} → ${res.statusCode}`;
        if (res.statusCode >= 500) problems.push(`${name}: ${res.body.slice(0, 200)}`);
        const problem = answerProblem(op, res);
        if (problem) {
          problems.push(`${name}: ${problem}`);
          continue;
        }
        if (res.statusCode < 300) successes.set(`${method} ${path}`, res.statusCode);
        const json = String(res.headers["content-type"]).startsWith("application/json");
        if (method === "get" && res.statusCode < 300 && json)
          for (const key of emptyLists(res.json())) emptyReads.add(`${path} ${key}`);
      }
    }
    console.info(`[contract] ${operations.length} operations, ${successes.size} answered a 2xx to some role`);
    expect(problems).toEqual([]);
    // Every read of a list or of record 1 reaches its 2xx for some role (revisions, preview tokens and a
    // member looked up by phone need values the generator cannot know).
    const reads = operations.filter((o) => o.method === "get" && !/revision|preview|verify/.test(o.path));
    expect(reads.filter((o) => !successes.has(`get ${o.path}`)).map((o) => o.path)).toEqual([]);
    // ...and its records are there to check: no list the walk read came back empty.
    expect([...emptyReads].sort()).toEqual([]);
  });
});

describe("every documented 2xx, reached with the fuzzer's valid request", () => {
  it(
    "answers each operation's valid request with a 2xx that matches the document",
    { timeout: 300_000 },
    async () => {
      const sessions = validCaseSessions(t);
      await sessions.signInAll();
      const exempt = noTwoXxHere(t.app.database.engine);
      const unchecked: string[] = [];
      let checked = 0;
      const operations = operationsOf(document).filter(({ op }) =>
        Object.keys(op.responses).some((status) => status.startsWith("2")),
      );
      for (const { path, method, op } of operations) {
        const name = `${method.toUpperCase()} ${path}`;
        const route = t.app.apiRoutes.find(
          (r) => r.method.toLowerCase() === method && openApiPath(r.url) === path,
        );
        await sessions.keepSignedIn();
        const valid =
          route && (await validCase(sessions.context(), { ...route, schemas: route.schema ?? {} }));
        if (!valid) {
          unchecked.push(`${name}: no valid case in tests/security/fuzz/valid-cases.ts`);
          continue;
        }
        const res = await sessions.send(valid);
        const problem =
          res.statusCode >= 300
            ? `answered ${res.statusCode} ${res.body.slice(0, 200)}`
            : (valid.checkAnswer?.(res.body) ?? answerProblem(op, res));
        if (!problem) checked++;
        else if (exempt[`${route!.method} ${route!.url}`])
          console.info(`[contract] ${name} exempt: ${exempt[`${route!.method} ${route!.url}`]}`);
        else unchecked.push(`${name}: ${problem}`);
      }
      console.info(`[contract] ${checked} of ${operations.length} operations answered a checked 2xx`);
      for (const line of unchecked) console.error(`[contract] no checked 2xx: ${line}`);
      expect(unchecked).toEqual([]);
    },
  );
});
