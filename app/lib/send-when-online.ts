import { useSyncExternalStore } from "react";

/** What a public form says while its submission waits for the connection. */
export const WAITING_TO_SEND = "You're offline — we'll send this when you're back online.";

// How many visitor submissions wait for the connection: the offline notice says so over the hidden page.
let waiting = 0;
const listeners = new Set<() => void>();

function changeWaiting(delta: number) {
  waiting += delta;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The number of submissions kept until the browser is back online (0 on the server). */
export function useWaitingSubmissions(): number {
  return useSyncExternalStore(
    subscribe,
    () => waiting,
    () => 0,
  );
}

const backOnline = () =>
  new Promise<void>((resolve) => window.addEventListener("online", () => resolve(), { once: true }));

/**
 * POSTs a visitor's form as JSON. When the browser is offline, before sending or because the connection
 * dropped as it went out, the payload stays in memory and goes out once when the `online` event fires
 * (`on.waiting` and `on.resumed` let the form say so). A failure while the browser still reports a connection rejects: the
 * form then says plainly that nothing was sent. A request that did arrive before the drop is refused as a
 * repeat by the server (domain/repeat-guard.ts), so a resend never stores a message twice.
 */
export async function postWhenOnline(
  url: string,
  body: unknown,
  on: { waiting: () => void; resumed: () => void },
): Promise<Response> {
  const json = JSON.stringify(body);
  for (;;) {
    if (!navigator.onLine) {
      on.waiting();
      changeWaiting(1);
      try {
        await backOnline();
      } finally {
        changeWaiting(-1);
      }
      on.resumed();
    }
    try {
      return await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: json,
      });
    } catch (error) {
      if (navigator.onLine) throw error;
    }
  }
}
