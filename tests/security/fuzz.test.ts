import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/client.ts";
import { createTestApp, type TestApp } from "../support/app";
import { createTestDatabase } from "../support/database";
import { createComment, createJob, createMember, createPost } from "../support/factories";
import { baseURL, signIn, TEST_ADMIN } from "./support";
import {
  BOUNDS,
  checkOutcome,
  describeFailure,
  FUZZ_SEED,
  measureStall,
  sampleRequests,
  type Failure,
  type FuzzRequest,
  type FuzzRoute,
  type Role,
} from "./fuzz/harness";
import { noTwoXxHere, validCase } from "./fuzz/valid-cases";
import { validCaseSessions } from "./fuzz/valid-sessions";

// Schema-driven fuzzing (docs/security.md, "Schema-driven fuzzing"): every /api route gets requests
// generated from its Zod schemas — mostly valid, a share mutated — as anonymous, editor and admin. No
// answer may be a 5xx, exceed the size bound, or stall the event loop; /healthz must answer after each
// route's batch. FUZZ_RUNS (total cases in-process, default 3000) and FUZZ_SEED change the run.

const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
/** Share of the cases sent over real HTTP to the suite's server (GET routes and junk bodies only). */
const HTTP_RUNS = Number(process.env.FUZZ_HTTP_RUNS ?? Math.round(RUNS / 6));
/** A query key no route declares: sent with each list's accepted request, it must be refused. */
const UNKNOWN_KEY = "zz_fuzz_unknown";

/**
 * KNOWN_ISSUES: failures found by the fuzzer in code this branch may not change (schemas/directory,
 * schemas/resource.ts, domain/, app/). Each entry matches a failure's route and problem; matches are
 * printed on every run, not hidden. Remove an entry once its fix lands.
 */
const KNOWN_ISSUES: { route: string; problem: RegExp; why: string }[] = [];

/** The answer, or null when none comes within 10 s (a hung request is a finding, not a hung suite). */
async function withTimeout<T>(promise: Promise<T>, ms = 10_000): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const isKnown = (failure: Failure) =>
  KNOWN_ISSUES.find((issue) => issue.route === failure.route && issue.problem.test(failure.problem));

function report(failures: Failure[], label: string) {
  const known = failures.filter(isKnown);
  const real = failures.filter((failure) => !isKnown(failure));
  for (const failure of known)
    console.warn(`[fuzz ${label}] KNOWN ISSUE (${isKnown(failure)!.why}): ${describeFailure(failure)}`);
  for (const failure of real.slice(0, 40)) console.error(`[fuzz ${label}] ${describeFailure(failure)}`);
  expect(real.map(describeFailure)).toEqual([]);
}

describe("schema-driven fuzzing", () => {
  let t: TestApp;
  let routes: FuzzRoute[];
  let NO_2XX_HERE: Record<string, string>;
  let database: DatabaseHandle | undefined;
  let sessions: ReturnType<typeof validCaseSessions>;

  beforeAll(async () => {
    // On disk: POST /api/backup copies the data directory, which a database in memory lacks.
    database = await createTestDatabase({ onDisk: true });
    t = await createTestApp({ PUBLIC_FORM_RATE_LIMIT: "10000" }, { database });
    NO_2XX_HERE = noTwoXxHere(t.app.database.engine);
    sessions = validCaseSessions(t);
    await sessions.signInAll();
    const db = t.app.database.db;
    for (let i = 0; i < 3; i++) {
      const post = await createPost(db);
      await createComment(db, { blogId: post.id });
      await createMember(db);
      await createJob(db);
    }
    // A route reads only what its schema declares (Fastify validates with it); no schema, no input.
    routes = t.app.apiRoutes.map((route) => ({ ...route, schemas: route.schema ?? {} }));
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it("knows every input of every /api route: a path parameter is always declared", () => {
    const undeclared = t.app.apiRoutes
      .filter((route) => route.url.includes("/:") && !route.schema?.params)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    expect(routes.length).toBeGreaterThan(100);
  });

  it(
    `answers ${RUNS} generated requests in-process without 5xx, oversize answers or stalls`,
    { timeout: 600_000 },
    async () => {
      const perRoute = Math.max(5, Math.ceil(RUNS / routes.length));
      const failures: Failure[] = [];
      const successes = new Map<string, { ok: number; sent: number }>();
      let sent = 0;
      const started = performance.now();
      for (const route of routes) {
        const name = `${route.method} ${route.url}`;
        const tally = { ok: 0, sent: 0 };
        successes.set(name, tally);
        // First a request the route must accept, its records created now: bugs past validation show.
        const valid = await validCase(sessions.context(), route);
        if (valid) {
          const res = await sessions.send(valid);
          tally.sent++;
          const is2xx = res.statusCode >= 200 && res.statusCode < 300;
          const wrong = is2xx ? (valid.checkAnswer?.(res.body) ?? null) : null;
          if (is2xx && !wrong) tally.ok++;
          else if (wrong)
            failures.push({
              seed: FUZZ_SEED,
              route: name,
              caseIndex: -1,
              request: valid,
              problem: `the valid case answered ${res.statusCode} but ${wrong}`,
            });
          else if (!NO_2XX_HERE[name])
            failures.push({
              seed: FUZZ_SEED,
              route: name,
              caseIndex: -1,
              request: valid,
              problem: `the valid case answered ${res.statusCode} ${res.body.slice(0, 200)}`,
            });
          // Every list and bulk delete: the accepted request plus one unknown key is refused, naming the key.
          if (route.method === "GET" || route.url.endsWith("/bulk_delete")) {
            const unknown = {
              ...valid,
              url: `${valid.url}${valid.url.includes("?") ? "&" : "?"}${UNKNOWN_KEY}=1`,
            };
            const refused = await sessions.send(unknown);
            tally.sent++;
            const message =
              refused.statusCode === 400 ? String(refused.json<{ message: string }>().message) : "";
            if (!message.includes(`"${UNKNOWN_KEY}"`))
              failures.push({
                seed: FUZZ_SEED,
                route: name,
                caseIndex: -2,
                request: unknown,
                problem: `an unknown query key answered ${refused.statusCode} ${refused.body.slice(0, 200)}`,
              });
          }
        } else if (!NO_2XX_HERE[name])
          failures.push({
            seed: FUZZ_SEED,
            route: name,
            caseIndex: -1,
            request: { role: "anonymous", method: route.method, url: route.url, headers: {} },
            problem: "no valid case (tests/security/fuzz/valid-cases.ts): it never reaches a 2xx",
          });
        const requests = sampleRequests(route, perRoute, FUZZ_SEED);
        if (process.env.FUZZ_VERBOSE)
          process.stderr.write(`[fuzz] ${name} ${Math.round(performance.now() - started)} ms\n`);
        for (const [caseIndex, request] of requests.entries()) {
          const headers = { ...request.headers };
          const token = sessions.tokens[request.role];
          if (token) headers.authorization = `Bearer ${token}`;
          if (process.env.FUZZ_VERBOSE === "2")
            process.stderr.write(`[fuzz case] ${JSON.stringify(request).slice(0, 400)}\n`);
          const { value: res, stallMs } = await measureStall(() =>
            withTimeout(
              t.app.inject({
                method: request.method as "GET",
                url: request.url,
                headers,
                ...(request.payload === undefined ? {} : { payload: request.payload }),
              }),
            ),
          );
          sent++;
          tally.sent++;
          if (res === null) {
            failures.push({
              seed: FUZZ_SEED,
              route: name,
              caseIndex,
              request,
              problem: "no answer within 10 s",
            });
            continue;
          }
          if (res.statusCode >= 200 && res.statusCode < 300) tally.ok++;
          const problem = checkOutcome(route, {
            status: res.statusCode,
            bytes: res.rawPayload.length,
            contentType: String(res.headers["content-type"] ?? ""),
            stallMs,
          });
          if (problem) {
            const detail = res.statusCode >= 500 ? `${problem} ${res.body.slice(0, 200)}` : problem;
            failures.push({ seed: FUZZ_SEED, route: name, caseIndex, request, problem: detail });
          }
        }
        const health = await t.app.inject({ method: "GET", url: "/healthz" });
        if (health.statusCode !== 200)
          failures.push({
            seed: FUZZ_SEED,
            route: name,
            caseIndex: -1,
            request: { role: "anonymous", method: "GET", url: "/healthz", headers: {} },
            problem: `/healthz answered ${health.statusCode} after the batch`,
          });
        await sessions.keepSignedIn();
      }
      console.info(
        `[fuzz in-process] seed ${FUZZ_SEED}: ${sent} requests over ${routes.length} routes in ` +
          `${Math.round(performance.now() - started)} ms, ${failures.length} failures ` +
          `(bounds: ${BOUNDS.maxBytes} bytes, CSV ${BOUNDS.maxCsvBytes}, stall ${BOUNDS.maxStallMs} ms)`,
      );
      for (const [name, { ok, sent }] of successes)
        console.info(`[fuzz 2xx] ${name}: ${ok}/${sent} (${Math.round((ok / sent) * 100)} %)`);
      report(failures, "in-process");
    },
  );

  it(`answers ${HTTP_RUNS} generated requests over real HTTP calmly`, { timeout: 600_000 }, async () => {
    const url = baseURL();
    const admin = await signIn(url, TEST_ADMIN);
    const httpTokens: Record<Role, string | undefined> = { anonymous: undefined, editor: undefined, admin };
    const editorName = `fuzz-editor-${Date.now()}`;
    const created = await fetch(`${url}/api/operators`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${admin}` },
      body: JSON.stringify({ username: editorName, password: "fuzz-password-0123456789", role: "editor" }),
    });
    expect(created.status).toBe(201);
    httpTokens.editor = await signIn(url, { username: editorName, password: "fuzz-password-0123456789" });

    // The server is shared with the other security files: only requests that cannot change its data go
    // out — GET routes, the public forms, and junk bodies (unparseable, so refused before any handler).
    const PUBLIC_FORMS = new Set(["POST /api/blog_comments/", "POST /api/contact_requests"]);
    const safe = (route: FuzzRoute, request: FuzzRequest) => {
      const name = `${route.method} ${route.url}`;
      if (route.method === "GET" || PUBLIC_FORMS.has(name)) return true;
      if (request.payload === undefined) return request.role === "anonymous" && route.access !== "public";
      try {
        JSON.parse(request.payload);
        return request.role === "anonymous" && route.access !== "public";
      } catch {
        return request.headers["content-type"]?.startsWith("application/json") ?? false;
      }
    };
    const perRoute = Math.max(3, Math.ceil((HTTP_RUNS * 3) / routes.length));
    const failures: Failure[] = [];
    let sent = 0;
    const started = performance.now();
    for (const route of routes) {
      if (sent >= HTTP_RUNS) break;
      const name = `${route.method} ${route.url}`;
      const requests = sampleRequests(route, perRoute, FUZZ_SEED + 1).filter((request) =>
        safe(route, request),
      );
      for (const [caseIndex, request] of requests
        .slice(0, Math.ceil(HTTP_RUNS / routes.length) + 2)
        .entries()) {
        const headers: Record<string, string> = {
          ...request.headers,
          // A different client address per request, so the public-form limiter does not mask handlers.
          "x-forwarded-for": `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
        };
        const token = httpTokens[request.role];
        if (token) headers.authorization = `Bearer ${token}`;
        let problem: string | null;
        try {
          const res = await fetch(`${url}${request.url}`, {
            method: request.method,
            headers,
            // fetch cannot send a body with GET (app.inject covers that case).
            body: request.method === "GET" ? undefined : request.payload,
            signal: AbortSignal.timeout(30_000),
          });
          const bytes = (await res.arrayBuffer()).byteLength;
          problem = checkOutcome(route, {
            status: res.status,
            bytes,
            contentType: res.headers.get("content-type") ?? "",
            stallMs: 0,
          });
        } catch (error) {
          problem = `request failed: ${error instanceof Error ? error.message : String(error)}`;
        }
        sent++;
        if (problem) failures.push({ seed: FUZZ_SEED + 1, route: name, caseIndex, request, problem });
      }
      const health = await fetch(`${url}/healthz`).catch(() => null);
      if (health?.status !== 200)
        failures.push({
          seed: FUZZ_SEED + 1,
          route: name,
          caseIndex: -1,
          request: { role: "anonymous", method: "GET", url: "/healthz", headers: {} },
          problem: `/healthz answered ${health?.status ?? "nothing"} after the batch`,
        });
    }
    console.info(
      `[fuzz http] seed ${FUZZ_SEED + 1}: ${sent} requests in ${Math.round(performance.now() - started)} ms, ` +
        `${failures.length} failures`,
    );
    report(failures, "http");
  });
});
