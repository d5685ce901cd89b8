import { useSyncExternalStore } from "react";

/** The console's client state, kept in cookies under the spec's keys `token` and `user_id`. */
export interface SessionState {
  token: string;
  user_id: string;
}

const KEYS = ["token", "user_id"] as const;
const listeners = new Set<() => void>();
let cached: { raw: string; value: SessionState | null } = { raw: "\u0000", value: null };

function readCookie(name: string): string | null {
  const match = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/**
 * One session cookie as document.cookie takes it and as a Set-Cookie header carries it (a sign-in posted
 * without JavaScript sets the session from the server); `null` deletes it.
 */
export function sessionCookie(name: (typeof KEYS)[number], value: string | null, https: boolean): string {
  const secure = https ? "; Secure" : "";
  return value === null
    ? `${name}=; Path=/; Max-Age=0; SameSite=Strict${secure}`
    : `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Strict${secure}`;
}

function writeCookie(name: (typeof KEYS)[number], value: string | null) {
  document.cookie = sessionCookie(name, value, location.protocol === "https:");
}

export function getSession(): SessionState | null {
  if (typeof document === "undefined") return null;
  const raw = document.cookie;
  if (raw !== cached.raw) {
    const token = readCookie("token");
    const userId = readCookie("user_id");
    cached = { raw, value: token && userId ? { token, user_id: userId } : null };
  }
  return cached.value;
}

export function setSession(value: SessionState | null) {
  for (const key of KEYS) writeCookie(key, value ? value[key] : null);
  listeners.forEach((l) => l());
}

export function setToken(token: string) {
  writeCookie("token", token);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `undefined` while rendering on the server (unknown), `null` when signed out. */
export function useSession(): SessionState | null | undefined {
  return useSyncExternalStore(subscribe, getSession, () => undefined);
}
