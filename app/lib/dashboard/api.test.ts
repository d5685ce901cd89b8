import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REAUTH_REQUIRED_REASON, REFRESH_HEADER, TWO_FACTOR_ENROLMENT_REQUIRED } from "#shared/auth.ts";
import { ApiError, call, queryString, request, send, urlOf } from "./api";
import { onReauthRequired } from "./reauth";
import { getSession, setSession } from "./session";

describe("the addresses the console client builds", () => {
  it("fills each :name of the path, encoded, and refuses a missing one", () => {
    expect(urlOf("/api/blog/:id/revisions/:revisionId", { id: 12, revisionId: "a b/c?d" })).toBe(
      "/api/blog/12/revisions/a%20b%2Fc%3Fd",
    );
    expect(() => urlOf("/api/blog/:id", {})).toThrow("/api/blog/:id needs the parameter id");
    expect(() => urlOf("/api/blog/:id", { id: "" })).toThrow("needs the parameter id");
    // A dot segment would be resolved by the URL parser: the call would reach another route with the token.
    for (const id of [".", ".."])
      expect(() => urlOf("/api/members/:id/vehicles/:vehicleId", { id, vehicleId: 3 }), id).toThrow(
        "needs the parameter id",
      );
  });

  it("writes the query: lists comma-joined, absent values left out, nothing when empty", () => {
    expect(
      queryString({ page: 2, search: "Asha & co", ids: [1, 2, 3], all: false, sort: undefined, x: null }),
    ).toBe("?page=2&search=Asha+%26+co&ids=1%2C2%2C3&all=false");
    expect(queryString({})).toBe("");
    expect(queryString(undefined)).toBe("");
  });

  it("puts a list's own query string (as its URL keeps it) after the query", () => {
    expect(urlOf("/api/trucks", {}, { page_size: 50 }, "search=tata&page=2")).toBe(
      "/api/trucks?page_size=50&search=tata&page=2",
    );
    expect(urlOf("/api/trucks", {}, undefined, "?state=27")).toBe("/api/trucks?state=27");
    expect(urlOf("/api/trucks", {}, undefined, "")).toBe("/api/trucks");
  });

  it("reads the method and the path from the route's name", () => {
    expect(
      request("POST /api/imports/:id/check", { params: { id: 7 }, body: { mapping: ["name", null] } }),
    ).toMatchObject({ method: "POST", url: "/api/imports/7/check", body: { mapping: ["name", null] } });
    expect(request("GET /api/imports", { query: { type: "trucks" } })).toMatchObject({
      method: "GET",
      url: "/api/imports?type=trucks",
    });
    expect(request("GET /api/auth/me")).toMatchObject({ method: "GET", url: "/api/auth/me" });
  });

  it("is typed by the route table: an unknown route, a missing param or a body of another shape does not compile", () => {
    // The assertions are tsc's (npm run typecheck); at run time each still builds something.
    // @ts-expect-error a route the server does not have
    expect(() => request("POST /api/imports/:id/checks", { params: { id: 1 } })).not.toThrow();
    // @ts-expect-error the path's :id is required
    expect(() => request("POST /api/imports/:id/check", { body: { mapping: [] } })).toThrow();
    // @ts-expect-error `mapping` is a list of column names
    request("POST /api/imports/:id/check", { params: { id: 1 }, body: { mapping: "name" } });
    // @ts-expect-error a route without a body takes no JSON
    request("POST /api/auth/logout", { body: { everywhere: true } });
  });
});

/** A cookie jar standing in for document.cookie (the session lives in cookies). */
function cookieJar() {
  const jar = new Map<string, string>();
  return {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    set cookie(line: string) {
      const [pair = ""] = line.split("; ");
      const [name = "", value = ""] = pair.split("=");
      if (line.includes("Max-Age=0")) jar.delete(name);
      else jar.set(name, value);
    },
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("sending: the session, refreshes and errors", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const events: string[] = [];

  beforeEach(() => {
    fetchMock.mockReset();
    events.length = 0;
    const window = new EventTarget();
    for (const name of ["console:signed-out", "console:enrolment-required"])
      window.addEventListener(name, () => events.push(name));
    vi.stubGlobal("window", window);
    vi.stubGlobal("document", cookieJar());
    vi.stubGlobal("location", { protocol: "http:" });
    vi.stubGlobal("fetch", fetchMock);
    setSession({ token: "old", user_id: "1" });
  });
  afterEach(() => vi.unstubAllGlobals());

  const sent = (index: number) => {
    const [url, init] = fetchMock.mock.calls[index]!;
    return { url, init: init!, headers: init!.headers as Record<string, string> };
  };

  it("sends the bearer token, JSON with its content type, and answers the parsed body", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, data: { counts: {} } }));
    const answer = await call("POST /api/imports/:id/check", { params: { id: 3 }, body: { mapping: [] } });
    expect(answer).toEqual({ success: true, data: { counts: {} } });
    const { url, init, headers } = sent(0);
    expect(url).toBe("/api/imports/3/check");
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"mapping":[]}');
    expect(headers).toEqual({ authorization: "Bearer old", "content-type": "application/json" });
  });

  it("sends a file as multipart, leaving the content type to the browser", async () => {
    fetchMock.mockResolvedValueOnce(json(201, { success: true, data: { url: "/media/1/a.webp" } }));
    const form = new FormData();
    await call("POST /api/uploads", { body: form });
    expect(sent(0).init.body).toBe(form);
    expect(sent(0).headers["content-type"]).toBeUndefined();
  });

  it("answers a text answer (a CSV) as text", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response("id,name\n1,A\n", { headers: { "content-type": "text/csv" } }),
    );
    await expect(send(request("GET /api/trucks/export.csv"))).resolves.toBe("id,name\n1,A\n");
  });

  it("throws the server's message and field errors; without one, says what failed", async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { success: false, message: "Enter a name.", errors: { name: "Enter a name" }, data: [] }),
    );
    const refused = await call("POST /api/members", { body: {} as never }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      status: 400,
      message: "Enter a name.",
      fields: { name: "Enter a name" },
    });

    fetchMock.mockResolvedValueOnce(new Response("<html>", { status: 502 }));
    await expect(call("GET /api/auth/me")).rejects.toMatchObject({
      status: 502,
      message: "Request failed (502)",
    });
    expect(events).toEqual([]);
  });

  it("refreshes an expired token once, with the header the server asks of this script, and sends again", async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { success: false, message: "Token expired", data: [] }))
      .mockResolvedValueOnce(json(200, { error_code: 200, data: { access_token: "new" } }))
      .mockResolvedValueOnce(json(200, { success: true, data: { user_id: 1 } }));
    await expect(call("GET /api/auth/me")).resolves.toEqual({ success: true, data: { user_id: 1 } });
    expect(sent(1).url).toBe("/refresh_token");
    expect(sent(1).headers[REFRESH_HEADER]).toBeTruthy();
    expect(sent(2).headers.authorization).toBe("Bearer new");
    expect(getSession()?.token).toBe("new");
  });

  it("signs out on a 401 it cannot recover from", async () => {
    fetchMock.mockResolvedValueOnce(json(401, { success: false, message: "Session ended", data: [] }));
    await expect(call("GET /api/auth/me")).rejects.toMatchObject({ status: 401, message: "Session ended" });
    expect(events).toEqual(["console:signed-out"]);
    expect(getSession()).toBeNull();
  });

  it("asks for enrolment when the role requires two-factor sign-in", async () => {
    fetchMock.mockResolvedValueOnce(
      json(403, { success: false, message: TWO_FACTOR_ENROLMENT_REQUIRED, data: [] }),
    );
    await expect(call("GET /api/auth/me")).rejects.toMatchObject({ status: 403 });
    expect(events).toEqual(["console:enrolment-required"]);
  });

  it("sends a change again once the operator confirmed their password, and not when they cancel", async () => {
    const reauth = json(403, { success: false, reason: REAUTH_REQUIRED_REASON, message: "Confirm it's you" });
    let confirm = true;
    const off = onReauthRequired(async () => confirm);
    try {
      fetchMock.mockResolvedValueOnce(reauth.clone()).mockResolvedValueOnce(json(200, { success: true }));
      await expect(call("POST /api/auth/sessions/end_others")).resolves.toEqual({ success: true });
      expect(fetchMock).toHaveBeenCalledTimes(2);

      confirm = false;
      fetchMock.mockResolvedValueOnce(reauth.clone());
      await expect(call("POST /api/auth/sessions/end_others")).rejects.toMatchObject({
        status: 403,
        message: "Confirm it's you",
      });
      expect(fetchMock).toHaveBeenCalledTimes(3);
    } finally {
      off();
    }
  });
});
