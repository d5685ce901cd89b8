import { toast } from "../toast";
import {
  REAUTH_REQUIRED_REASON,
  REFRESH_HEADER,
  REFRESH_HEADER_VALUE,
  TWO_FACTOR_ENROLMENT_REQUIRED,
} from "#shared/auth.ts";
import { PAGE_SIZES } from "#schemas/list-query.ts";
import type { ApiRoutes } from "./api-routes";
import { confirmIdentity } from "./reauth";
import { getSession, setSession, setToken } from "./session";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * Runs one refresh at a time across the console's tabs (they share the cookies); without Web Locks (a
 * plain-http address) the server's grace for a just-replaced token keeps racing tabs signed in.
 */
function acrossTabs(refresh: () => Promise<boolean>): Promise<boolean> {
  if (typeof navigator === "undefined" || !navigator.locks) return refresh();
  return navigator.locks.request("console-refresh", refresh);
}

/** One refresh for every request that found its token expired at the same time, in this tab and the others. */
function refreshOnce(expiredToken: string | undefined): Promise<boolean> {
  refreshing ??= acrossTabs(async () => {
    const current = getSession()?.token;
    // Another tab refreshed while this one waited for the lock: its new token is in the shared cookie.
    if (current && current !== expiredToken) return true;
    try {
      // The server rotates only for this script's request (server/api/auth.ts): the header proves it.
      const res = await fetch("/refresh_token", {
        method: "GET",
        credentials: "same-origin",
        headers: { [REFRESH_HEADER]: REFRESH_HEADER_VALUE },
      });
      const body = (await res.json().catch(() => ({}))) as {
        error_code?: number;
        message?: string;
        data?: { access_token?: string };
      };
      if (body.error_code === 200 && body.data?.access_token) {
        setToken(body.data.access_token);
        return true;
      }
      setSession(null);
      window.dispatchEvent(new CustomEvent("console:signed-out"));
      return false;
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Could not refresh your session.");
      return false;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Sends a console API request with the bearer token; an expired token is refreshed once and the call retried
 * once, and a change the server wants the password for first is sent again once the operator confirmed it.
 */
async function sendWithSession(
  path: string,
  options: { method?: string; body?: unknown; signal?: AbortSignal },
) {
  let token: string | undefined;
  const attempt = () => {
    const headers: Record<string, string> = {};
    token = getSession()?.token;
    if (token) headers.authorization = `Bearer ${token}`;
    const isForm = options.body instanceof FormData;
    if (options.body !== undefined && !isForm) headers["content-type"] = "application/json";
    return fetch(path, {
      method: options.method ?? "GET",
      headers,
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
      credentials: "same-origin",
    });
  };
  let res = await attempt();
  if (res.status === 401) {
    const body = (await res
      .clone()
      .json()
      .catch(() => ({}))) as { message?: string };
    if (body.message === "Token expired" && (await refreshOnce(token))) res = await attempt();
  }
  if (res.status === 403) {
    const body = (await res
      .clone()
      .json()
      .catch(() => ({}))) as { reason?: string };
    if (body.reason === REAUTH_REQUIRED_REASON && (await confirmIdentity())) res = await attempt();
  }
  return res;
}

/** The error of a failed answer, after signing out (401) or asking for two-factor enrolment (403) as it says. */
function failure(res: Response, body: unknown): ApiError {
  const data = (body ?? {}) as { message?: string; errors?: Record<string, string> };
  if (res.status === 401) {
    setSession(null);
    window.dispatchEvent(new CustomEvent("console:signed-out"));
  }
  if (res.status === 403 && data.message === TWO_FACTOR_ENROLMENT_REQUIRED)
    window.dispatchEvent(new CustomEvent("console:enrolment-required"));
  return new ApiError(
    res.status,
    data.message ?? (res.status === 400 ? "ERR_BAD_REQUEST" : `Request failed (${res.status})`),
    data.errors,
  );
}

const bodyOf = async (res: Response) =>
  (res.headers.get("content-type") ?? "").includes("application/json")
    ? await res.json().catch(() => null)
    : await res.text();

/** Every API route by `METHOD /path` (generated from the server's declarations: scripts/api-types.ts). */
export type Route = keyof ApiRoutes;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type PathOf<R extends string> = R extends `${string} ${infer P}` ? P : never;
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** What the route answers on success (a CSV or other text answer is a string). */
export type Answer<R extends Route> = ApiRoutes[R]["answer"];
export type Body<R extends Route> = ApiRoutes[R]["body"];
export type Query<R extends Route> = ApiRoutes[R]["query"];

type ParamsOption<R extends Route> = [ParamNames<PathOf<R>>] extends [never]
  ? { params?: never }
  : { params: Record<ParamNames<PathOf<R>>, string | number> };
// `search`: a list's query string as its URL keeps it (list-params), after `query`.
type QueryOption<R extends Route> = [Query<R>] extends [never]
  ? { query?: never; search?: never }
  : object extends Query<R>
    ? { query?: Query<R>; search?: string }
    : { query: Query<R>; search?: string };
// A route that declares no body may take a multipart upload.
type BodyOption<R extends Route> = [Body<R>] extends [never] ? { body?: FormData } : { body: Body<R> };
export type CallOptions<R extends Route> = ParamsOption<R> &
  QueryOption<R> &
  BodyOption<R> & { signal?: AbortSignal };
/** The options argument, optional when the route needs no params, query or body. */
type OptionsArg<R extends Route> =
  object extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

/** A request ready to send; `A` is what it answers (carried for the caller's types only). */
export interface ApiRequest<A = unknown> {
  method: Method;
  url: string;
  body?: Body<Route> | FormData;
  signal?: AbortSignal;
  /** Never set: the answer's type. */
  readonly answer?: A;
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** The query string of `query` (lists comma-joined, as `ids=1,2,3`; absent values left out), with its `?`. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    search.append(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The address of `path` with its `:name` segments filled in, encoded, and the query after it. */
export function urlOf(
  path: string,
  params: Record<string, string | number> = {},
  query?: Record<string, QueryValue>,
  search = "",
): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    // "." and ".." are left as they are by the encoding and resolved by the URL parser: another route.
    if (value === undefined || value === "" || value === "." || value === "..")
      throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const built = queryString(query);
  if (!search) return `${filled}${built}`;
  return `${filled}${built ? `${built}&` : "?"}${search.replace(/^\?/, "")}`;
}

/**
 * The request `route` names, typed by its declaration: `request("POST /api/imports/:id/check", { params: { id },
 * body })`. A route the server no longer has, or a body of another shape, is a compile error.
 */
export function request<R extends Route>(route: R, ...[options]: OptionsArg<R>): ApiRequest<Answer<R>> {
  const space = route.indexOf(" ");
  const { params, query, search, body, signal } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    search?: string;
    body?: Body<Route> | FormData;
    signal?: AbortSignal;
  };
  return {
    method: route.slice(0, space) as Method,
    url: urlOf(route.slice(space + 1), params, query, search),
    body,
    signal,
  };
}

/** Sends a request; a failed answer throws an ApiError with the server's message and field errors. */
export async function send<A>(req: ApiRequest<A>): Promise<A> {
  const res = await sendWithSession(req.url, req);
  const body = await bodyOf(res);
  if (!res.ok) throw failure(res, body);
  return body as A;
}

/** Calls the console API: `call("GET /api/auth/me")`; the answer's type is the route's declared one. */
export function call<R extends Route>(route: R, ...options: OptionsArg<R>): Promise<Answer<R>> {
  return send(request(route, ...options));
}

type Filled<P extends string> = P extends `${infer Head}:${string}/${infer Rest}`
  ? `${Head}${string}/${Filled<Rest>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;
/** The address of a route, parameters filled in (a list's `/api/trucks`), which the shared list and form kits build on. */
export type ResourcePath = { [R in Route]: Filled<PathOf<R>> }[Route];

/**
 * A request of a shared kit (list, delete, restore, form) to `${base}${suffix}`: the kit serves many
 * resources, so the base is checked against the table and the rest is the kit's convention.
 */
export function resourceRequest(
  method: Method,
  base: ResourcePath,
  suffix = "",
  options: { params?: Record<string, string | number>; search?: string; body?: unknown } = {},
): ApiRequest {
  return {
    method,
    url: urlOf(`${base}${suffix}`, options.params, undefined, options.search),
    body: options.body as Body<Route>,
  };
}

const LARGEST_PAGE = Math.max(...PAGE_SIZES);

/** The routes that answer a page of a list (`<key>_data` and `total_no_of_data`). */
type ListRoute = {
  [R in Route]: R extends `GET ${string}`
    ? Answer<R> extends { total_no_of_data: number }
      ? R
      : never
    : never;
}[Route];

/** Every record of a console list (a filter's choices), page after page: the API answers at most 50 at a time. */
export async function listAll<R extends ListRoute, K extends keyof Answer<R> & `${string}_data`>(
  route: R,
  key: K,
  signal?: AbortSignal,
): Promise<Answer<R>[K]> {
  const rows: unknown[] = [];
  const path = route.slice("GET ".length);
  for (let page = 1; ; page++) {
    const answer = (await send({
      method: "GET",
      url: urlOf(path, {}, { page, page_size: LARGEST_PAGE }),
      signal,
    })) as Record<string, unknown> & { total_no_of_data: number };
    const batch = (answer[key] ?? []) as unknown[];
    rows.push(...batch);
    if (batch.length < LARGEST_PAGE || rows.length >= answer.total_no_of_data) return rows as Answer<R>[K];
  }
}

/**
 * Sends a request and hands over the answer's lines as they arrive (an import's progress); a failed answer
 * throws as `send` does.
 */
export async function sendLines(req: ApiRequest, onLine: (line: string) => void): Promise<void> {
  const res = await sendWithSession(req.url, req);
  if (!res.ok || !res.body) throw failure(res, await bodyOf(res));
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    pending += value;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) onLine(line);
  }
  if (pending.trim()) onLine(pending);
}
