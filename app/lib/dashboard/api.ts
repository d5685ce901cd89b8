import { toast } from "~/lib/toast";
import { REFRESH_HEADER, REFRESH_HEADER_VALUE } from "../../../shared/auth";
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

/** One refresh for every request that found its token expired at the same time. */
function refreshOnce(): Promise<boolean> {
  refreshing ??= (async () => {
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
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Calls the console API with the bearer token; an expired token is refreshed once and the call retried once. */
export async function api<T>(
  path: string,
  options: { method?: string; body?: Body; signal?: AbortSignal } = {},
): Promise<T> {
  const send = () => {
    const headers: Record<string, string> = {};
    const token = getSession()?.token;
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
  let res = await send();
  if (res.status === 401) {
    const body = (await res
      .clone()
      .json()
      .catch(() => ({}))) as { message?: string };
    if (body.message === "Token expired" && (await refreshOnce())) res = await send();
  }
  const contentType = res.headers.get("content-type") ?? "";
  const body = contentType.includes("application/json")
    ? await res.json().catch(() => null)
    : await res.text();
  if (!res.ok) {
    const data = (body ?? {}) as { message?: string; errors?: Record<string, string> };
    if (res.status === 401) {
      setSession(null);
      window.dispatchEvent(new CustomEvent("console:signed-out"));
    }
    throw new ApiError(
      res.status,
      data.message ?? (res.status === 400 ? "ERR_BAD_REQUEST" : `Request failed (${res.status})`),
      data.errors,
    );
  }
  return body as T;
}
