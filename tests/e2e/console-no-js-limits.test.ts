import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startSite, type RunningSite } from "../support/factories";

/**
 * The sign-in form posted without JavaScript (the route's action) against the API's own limits, on the built
 * site in this process, so the clock can stand still as in server/api/auth.test.ts: the action is no second
 * door, it counts where the API counts and is refused where the API refuses.
 */
let site: RunningSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let sequence = 0;
async function newEditor() {
  const who = { username: `limits-${++sequence}`, password: "limits-long-passphrase" };
  await site.app.services.operators.create({ ...who, role: "editor" });
  return who;
}

/** The sign-in form as a browser without JavaScript posts it, from `ip`. */
const postForm = (
  fields: Record<string, string>,
  ip: string,
  { url = "/dashboard/login", headers = {} }: { url?: string; headers?: Record<string, string> } = {},
) =>
  site.app.inject({
    method: "POST",
    url,
    remoteAddress: ip,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: new URLSearchParams(fields).toString(),
  });

const postApi = (body: Record<string, string>, ip: string) =>
  site.app.inject({ method: "POST", url: "/api/auth/login", remoteAddress: ip, payload: body });

/** The text of the page's own alert (the toaster's empty alert region aside). */
function pageAlert(html: string): string | undefined {
  for (const [, text] of html.matchAll(/<div role="alert"[^>]*>([\s\S]*?)<\/div>/g))
    if (text!.trim()) return text!.replace(/<[^>]+>/g, "").trim();
  return undefined;
}

describe("the sign-in form posted without JavaScript", () => {
  it("is refused at the sixth wrong password in a row, as the API is, with the API's message", async () => {
    // The clock stands still, so the first lock (1 s) cannot run out on a slow machine.
    vi.useFakeTimers({ toFake: ["Date"] });
    const viaForm = await newEditor();
    const viaApi = await newEditor();
    for (let i = 0; i < 5; i++) {
      const page = await postForm({ username: viaForm.username, password: `wrong-${i}` }, "10.61.0.1");
      expect(page.statusCode).toBe(401);
      expect(pageAlert(page.body)).toBe("Incorrect username or password.");
      expect(
        (await postApi({ username: viaApi.username, password: `wrong-${i}` }, "10.61.0.2")).statusCode,
      ).toBe(401);
    }
    // The sixth, with the right password even.
    const page = await postForm(viaForm, "10.61.0.1");
    const api = await postApi(viaApi, "10.61.0.2");
    expect(api.statusCode).toBe(429);
    expect(page.statusCode).toBe(429);
    expect(pageAlert(page.body)).toBe(api.json().message);
    expect(pageAlert(page.body)).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds?\.$/);
    expect(page.headers["set-cookie"]).toBeUndefined();
  });

  it("shares the throttle with the API: wrong passwords through either door add up", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const who = await newEditor();
    for (let i = 0; i < 3; i++)
      expect(
        (await postApi({ username: who.username, password: `wrong-${i}` }, "10.62.0.1")).statusCode,
      ).toBe(401);
    for (let i = 3; i < 5; i++)
      expect(
        (await postForm({ username: who.username, password: `wrong-${i}` }, "10.62.0.1")).statusCode,
      ).toBe(401);
    expect((await postForm(who, "10.62.0.1")).statusCode).toBe(429);
    expect((await postApi(who, "10.62.0.1")).statusCode).toBe(429);
  });

  it("counts against the API's per-address limit of the sign-in route", async () => {
    const ip = "10.63.0.1";
    // 30 a minute per address (server/api/auth.ts), refused ones included: half through each door.
    for (let i = 0; i < 15; i++) {
      await postApi({ username: `nobody-${i}`, password: "x" }, ip);
      await postForm({ username: `nobody-${i}`, password: "x" }, ip);
    }
    const page = await postForm({ username: "nobody", password: "x" }, ip);
    const api = await postApi({ username: "nobody", password: "x" }, ip);
    expect(api.statusCode).toBe(429);
    expect(page.statusCode).toBe(429);
    expect(pageAlert(page.body)).toBe(api.json().message);
    expect(pageAlert(page.body)).toMatch(/^Too many requests\./);
  });

  it("signs in with the cookies the API sets, and goes only to a console address", async () => {
    const who = await newEditor();
    const api = await postApi(who, "10.64.0.1");
    const page = await postForm(who, "10.64.0.2", { url: "/dashboard/login?next=%2F%2Fevil.example%2F" });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe("/dashboard/blog");
    expect(page.headers["cache-control"]).toBe("no-store");
    const cookies = [page.headers["set-cookie"] ?? []].flat();
    const attributes = (cookie: string) => cookie.replace(/^[^;]*;/, "").replace(/Expires=[^;]*;?/, "");
    const refresh = cookies.find((c) => c.startsWith("refresh_token="));
    expect(attributes(refresh!)).toBe(attributes(String(api.headers["set-cookie"])));
    expect(refresh).toMatch(/HttpOnly/);
    expect(refresh).toMatch(/SameSite=Strict/);
    expect(cookies.find((c) => c.startsWith("user_id="))).toBe(
      `user_id=${api.json().user_id}; Path=/; SameSite=Strict`,
    );
    expect(cookies.find((c) => c.startsWith("token="))).toMatch(/^token=[\w.-]+; Path=\/; SameSite=Strict$/);

    const next = await postForm(who, "10.64.0.2", { url: "/dashboard/login?next=%2Fdashboard%2Faccount" });
    expect(next.headers.location).toBe("/dashboard/account");
  });

  it("refuses a post from another site (sign-in CSRF), and takes the page's own", async () => {
    const who = await newEditor();
    const forged = await postForm(who, "10.65.0.1", { headers: { origin: "https://evil.example" } });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers["set-cookie"]).toBeUndefined();
    // The page's own post names this site (the request's origin).
    const own = await postForm(who, "10.65.0.1", { headers: { origin: "http://localhost" } });
    expect(own.statusCode).toBe(302);
    expect(String(own.headers["set-cookie"])).toMatch(/refresh_token=/);
  });

  it("answers a refused post with the username only, never stored", async () => {
    const who = await newEditor();
    const page = await postForm({ username: who.username, password: "a-wrong-secret-password" }, "10.66.0.1");
    expect(page.statusCode).toBe(401);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).not.toContain("a-wrong-secret-password");
    expect(page.body).toContain(`value="${who.username}"`);
  });
});
