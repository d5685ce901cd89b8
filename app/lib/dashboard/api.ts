import { toast } from "~/lib/toast";
import {
  REAUTH_REQUIRED_REASON,
  REFRESH_HEADER,
  REFRESH_HEADER_VALUE,
  TWO_FACTOR_ENROLMENT_REQUIRED,
} from "../../../shared/auth";
import { PAGE_SIZES } from "../../../schemas/list-query";
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

type Body = Record<string, unknown> | unknown[] | FormData | undefined;

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
async function send(path: string, options: { method?: string; body?: Body; signal?: AbortSignal }) {
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

/** Calls the console API with the bearer token; an expired token is refreshed once and the call retried once. */
export async function api<T>(
  path: string,
  options: { method?: string; body?: Body; signal?: AbortSignal } = {},
): Promise<T> {
  const res = await send(path, options);
  const body = await bodyOf(res);
  if (!res.ok) throw failure(res, body);
  return body as T;
}

const LARGEST_PAGE = Math.max(...PAGE_SIZES);

/** Every record of a console list (a filter's choices), page after page: the API answers at most 50 at a time. */
export async function listAll<T>(endpoint: string, dataKey: string, signal?: AbortSignal): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await api<Record<string, unknown> & { total_no_of_data: number }>(
      `${endpoint}?page=${page}&page_size=${LARGEST_PAGE}`,
      { signal },
    );
    const batch = (answer[`${dataKey}_data`] ?? []) as T[];
    rows.push(...batch);
    if (batch.length < LARGEST_PAGE || rows.length >= answer.total_no_of_data) return rows;
  }
}

/**
 * Calls the console API and hands over the answer's lines as they arrive (an import's progress); a failed
 * answer throws as `api` does.
 */
export async function apiLines(
  path: string,
  options: { method?: string; body?: Body },
  onLine: (line: string) => void,
): Promise<void> {
  const res = await send(path, options);
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
