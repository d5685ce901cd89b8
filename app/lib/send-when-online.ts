const backOnline = () =>
  new Promise<void>((resolve) => window.addEventListener("online", () => resolve(), { once: true }));

export interface SentWhenOnline {
  response: Response;
  /**
   * The request was cut off as the connection dropped, and the server refused its resend as a repeat
   * (domain/repeat-guard.ts answers 409): the first copy did arrive, so the form counts it as sent.
   */
  arrivedBefore: boolean;
}

/**
 * POSTs a visitor's form as JSON. When the browser is offline, before sending or because the connection
 * dropped as it went out, the payload stays in memory and goes out once when the `online` event fires
 * (`on.waiting` and `on.resumed` let the form say so). A failure while the browser still reports a connection
 * rejects: the form then says plainly that nothing was sent.
 */
export async function postWhenOnline(
  url: string,
  body: unknown,
  on: { waiting: () => void; resumed: () => void },
): Promise<SentWhenOnline> {
  const json = JSON.stringify(body);
  let cutOff = false;
  for (;;) {
    if (!navigator.onLine) {
      on.waiting();
      await backOnline();
      on.resumed();
    }
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: json,
      });
      return { response, arrivedBefore: cutOff && response.status === 409 };
    } catch (error) {
      if (navigator.onLine) throw error;
      cutOff = true;
    }
  }
}
