import fc from "fast-check";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Access } from "#server/plugins/access.ts";
import type { JsonSchema } from "#schemas/json-schema.ts";
import { fuzzValue, nastyStrings, toJsonSchema } from "./arbitrary";
import type { RouteSchema } from "#server/plugins/access.ts";

/** The request parts a route reads (its `schema` in `app.apiRoutes`, responses aside). */
export type RouteSchemas = Omit<RouteSchema, "response">;

export type Role = "anonymous" | "editor" | "admin";

/** One concrete request: enough to replay it with app.inject or fetch. */
export interface FuzzRequest {
  role: Role;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

export interface FuzzRoute {
  method: string;
  url: string;
  access: Access;
  schemas: RouteSchemas;
}

export interface Outcome {
  status: number;
  bytes: number;
  contentType: string;
  stallMs: number;
}

export interface Failure {
  seed: number;
  route: string;
  caseIndex: number;
  request: FuzzRequest;
  problem: string;
}

/** Bounds every answer must keep (env overrides for slow machines or longer runs). */
export const BOUNDS = {
  maxBytes: Number(process.env.FUZZ_MAX_BYTES ?? 2 * 1024 * 1024),
  /** CSV exports stream whole filtered tables; bounded separately. */
  maxCsvBytes: Number(process.env.FUZZ_MAX_CSV_BYTES ?? 20 * 1024 * 1024),
  maxStallMs: Number(process.env.FUZZ_MAX_STALL_MS ?? 500),
};

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261125);

const json = (schema: RouteSchemas[keyof RouteSchemas]): JsonSchema | undefined =>
  schema ? toJsonSchema(schema) : undefined;

/** encodeURIComponent, with lone surrogates (which it refuses) replaced by U+FFFD first. */
const enc = (text: string) =>
  encodeURIComponent(
    text.replace(/[\uD800-\uDFFF]/g, (c, i: number, all: string) =>
      /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(all.slice(i - 1, i + 1)) ||
      /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(all.slice(i, i + 2))
        ? c
        : "\uFFFD",
    ),
  );

/** Text for any value, even objects whose toString was replaced by a fuzzed key. */
const text = (value: unknown): string => {
  try {
    return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
  } catch {
    return "[object]";
  }
};

/** Query-string text for a generated value: arrays repeat the key, objects nest as JSON. */
function queryString(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value !== "object" || Array.isArray(value)) return `q=${enc(text(value))}`;
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const items = Array.isArray(item) ? item : [item];
    for (const one of items.slice(0, 50)) {
      if (one === undefined) continue;
      const item = text(one);
      parts.push(`${enc(key)}=${enc(item)}`);
    }
  }
  return parts.join("&");
}

/** Raw bodies a JSON parser must refuse calmly. */
const junkBodies = fc.constantFrom(
  "{",
  '{"a":',
  "[1,2",
  "nul",
  "\u0000",
  '{"a":1}{"b":2}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  `{"a":"${"\\ud800"}"}`,
  "[".repeat(10_000) + "]".repeat(10_000),
  '{"a":' + "1".repeat(100_000) + "}",
  '"' + "x".repeat(200_000) + '"',
  "1e999999",
);

const contentTypes = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/octet-stream",
);

/** Roles, weighted towards the one the route needs so most cases reach the handler. */
function roleArbitrary(access: Access): fc.Arbitrary<Role> {
  const weights: Record<Access, [number, number, number]> = {
    public: [6, 2, 2],
    editor: [1, 6, 3],
    admin: [1, 1, 8],
  };
  const [anonymous, editor, admin] = weights[access];
  return fc.oneof(
    { weight: anonymous, arbitrary: fc.constant<Role>("anonymous") },
    { weight: editor, arbitrary: fc.constant<Role>("editor") },
    { weight: admin, arbitrary: fc.constant<Role>("admin") },
  );
}

/** Path parameters: existing ids, generated values, or nasty strings. */
function pathArbitrary(url: string, params: JsonSchema | undefined): fc.Arbitrary<string> {
  const names = [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  if (names.length === 0) return fc.constant(url);
  const generated = params ? fuzzValue(params, 3) : fc.constant({});
  const segment = (name: string, value: unknown) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom("1", "2", "3") },
      {
        weight: 4,
        arbitrary: fc.constant(
          value && typeof value === "object" && name in value
            ? text((value as Record<string, unknown>)[name])
            : "1",
        ),
      },
      { weight: 2, arbitrary: nastyStrings },
      { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
    );
  return generated.chain((value) =>
    fc.tuple(...names.map((name) => segment(name, value))).map((segments) => {
      let path = url;
      names.forEach((name, i) => {
        const text = segments[i]!;
        path = path.replace(`:${name}`, enc(text === "" ? " " : text));
      });
      return path;
    }),
  );
}

/** Requests for one route: mostly schema-valid, a share mutated, a few raw junk bodies. */
export function requestArbitrary(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  const query = json(route.schemas.querystring);
  const body = json(route.schemas.body);
  const params = json(route.schemas.params);
  const hasBody = route.method !== "GET" && route.method !== "DELETE";
  const queryArbitrary = fc.oneof(
    { weight: 6, arbitrary: fuzzValue(query, query ? 4 : 10).map(queryString) },
    {
      weight: 1,
      arbitrary: fc.string({ maxLength: 60 }).map((s) => encodeURI(s.replace(/[\uD800-\uDFFF]/g, ""))),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "a=1&a=2&a=3",
        "__proto__[x]=1",
        "constructor=1&toString=2",
        "page=1e309",
        "%",
      ),
    },
  );
  const bodyArbitrary: fc.Arbitrary<{ payload?: string; contentType?: string }> = hasBody
    ? fc.oneof(
        {
          weight: 8,
          arbitrary: fuzzValue(body, body ? 4 : 10).map((v) => ({
            payload: v === undefined ? undefined : JSON.stringify(v),
            contentType: "application/json",
          })),
        },
        { weight: 2, arbitrary: fc.record({ payload: junkBodies, contentType: contentTypes }) },
      )
    : fc.oneof(
        { weight: 9, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.record({ payload: junkBodies, contentType: contentTypes }) },
      );
  return fc
    .record({
      role: roleArbitrary(route.access),
      path: pathArbitrary(route.url, params),
      query: queryArbitrary,
      body: bodyArbitrary,
    })
    .map(({ role, path, query, body }) => {
      const headers: Record<string, string> = {};
      if (body.contentType && body.payload !== undefined) headers["content-type"] = body.contentType;
      // The "%" case is a broken escape: it goes out as is, like a hand-typed URL.
      const url = query === "" ? path : `${path}?${query}`;
      return { role, method: route.method, url, headers, payload: body.payload };
    });
}

/** Checks one answer against the bounds; a problem sentence or null. */
export function checkOutcome(route: FuzzRoute, outcome: Outcome): string | null {
  if (outcome.status >= 500) return `answered ${outcome.status}`;
  const csv = route.url.endsWith(".csv") || outcome.contentType.startsWith("text/csv");
  const limit = csv ? BOUNDS.maxCsvBytes : BOUNDS.maxBytes;
  if (outcome.bytes > limit) return `answered ${outcome.bytes} bytes (bound ${limit})`;
  if (outcome.stallMs > BOUNDS.maxStallMs)
    return `event loop stalled ${Math.round(outcome.stallMs)} ms (bound ${BOUNDS.maxStallMs})`;
  return null;
}

/** Measures the event loop's worst delay while `work` runs (in this process). */
export async function measureStall<T>(work: () => Promise<T>): Promise<{ value: T; stallMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // A drift probe as well: the histogram samples only on its own timer.
  let last = performance.now();
  let drift = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    drift = Math.max(drift, now - last - 10);
    last = now;
  }, 10);
  const started = performance.now();
  try {
    const value = await work();
    const now = performance.now();
    drift = Math.max(drift, Math.min(now - last - 10, now - started));
    return { value, stallMs: Math.max(drift, histogram.max / 1e6 - 10) };
  } finally {
    clearInterval(probe);
    histogram.disable();
  }
}

/** Samples `runs` requests for a route, reproducibly from the seed and the route's name. */
export function sampleRequests(route: FuzzRoute, runs: number, seed: number): FuzzRequest[] {
  return fc.sample(requestArbitrary(route), {
    seed: seed + hash(`${route.method} ${route.url}`),
    numRuns: runs,
  });
}

function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (h * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(h) % 1_000_000;
}

export function describeFailure(failure: Failure): string {
  const { request } = failure;
  const payload =
    request.payload === undefined
      ? ""
      : ` payload(${request.payload.length} chars)=${JSON.stringify(request.payload.slice(0, 300))}`;
  return (
    `[seed ${failure.seed}, ${failure.route}, case ${failure.caseIndex}] ${failure.problem}: ` +
    `${request.role} ${request.method} ${request.url.slice(0, 500)} headers=${JSON.stringify(request.headers)}${payload}`
  );
}
