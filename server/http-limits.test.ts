import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { operatorToken } from "#tests/support/auth.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { postInTwoWrites } from "#tests/support/http.ts";

/**
 * What a crowd of anonymous clients can make the server do with request bodies: nothing is read for a
 * protected route before its token is checked, public routes read at most 16 KB, and a body that trickles
 * in is cut off by the request timeout (a real socket against a listening server).
 */
let t: TestApp;
let admin = "";
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_RATE_LIMIT: "1000" });
  admin = await operatorToken(t.app, "admin");
});
afterAll(() => t.close());

/** `depth` nested arrays around one number: costly to parse, cheap to send. */
const nested = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;
const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url,
    payload,
    headers: { "content-type": "application/json", ...headers },
    remoteAddress: "10.9.0.1",
  });

describe("protected routes check the token before the body", () => {
  it.each(["/api/operators", "/api/trucks", "/api/blog", "/api/jobs", "/api/crm/leads"])(
    "%s without a token answers 401 to a malformed body (not 400: it was never parsed)",
    async (url) => {
      const res = await post(url, '{"username": "x", ');
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().message).toBe("Unauthorized");
    },
  );

  it("answers 401, not 413, to a body over the route's limit without a token", async () => {
    const res = await post("/api/operators", JSON.stringify({ pad: "x".repeat(2 * 1024 * 1024) }));
    expect(res.statusCode).toBe(401);
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      payload: Buffer.alloc(12 * 1024 * 1024, 1),
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(upload.statusCode).toBe(401);
  });

  it("answers a deeply nested 1 MB JSON without a token with 401 and never parses it", async () => {
    // Parsing 500,000 nested arrays costs 110-200 ms of event loop here. The last bracket is missing, so a
    // parse would end in 400: a 401 shows the body was not parsed.
    const body = nested(500_000).slice(0, -1);
    expect(body.length).toBe(1_000_000);
    const res = await post("/api/operators", body);
    expect(res.statusCode).toBe(401);
    // With a token the same body is refused for its depth, by a scan, before any parse.
    const signedIn = await post("/api/operators", body, { authorization: `Bearer ${admin}` });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json().message).toMatch(/^The request body nests more than 32 levels/);
  });

  it("still answers 403 to an editor on an admin route before reading the body", async () => {
    const editor = await operatorToken(t.app, "editor");
    const res = await post("/api/operators", "{not json", { authorization: `Bearer ${editor}` });
    expect(res.statusCode).toBe(403);
  });
});

describe("public routes read small bodies only", () => {
  const big = (field: string) => JSON.stringify({ [field]: "x".repeat(33 * 1024) });
  it.each([
    ["/api/auth/login", big("password")],
    ["/api/blog_comments/", big("comment")],
    ["/api/contact_requests", big("message")],
    ["/refresh_token", big("token")],
  ])("%s answers 413 to a 33 KB body with a message", async (url, body) => {
    const res = await post(url, body);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      message: "The request body is too large: this address accepts at most 32 KB.",
      data: [],
    });
  });

  it("accepts the largest valid contact enquiry, written in Tamil (3 bytes a character)", async () => {
    const tamil = (n: number) => "த".repeat(n);
    const body = JSON.stringify({
      first_name: tamil(100),
      last_name: tamil(100),
      organization: tamil(200),
      email: "enquiry@example.com",
      phone: "+91 98765 43210",
      location: tamil(100),
      message: tamil(4990) + '\n"quoted"',
      privacy_consent: true,
    });
    expect(Buffer.byteLength(body)).toBeGreaterThan(16 * 1024);
    const res = await post("/api/contact_requests", body);
    expect(res.statusCode, res.body).toBe(201);
  });

  it("accepts an ordinary comment and sign-in body", async () => {
    const login = await post("/api/auth/login", JSON.stringify({ username: "nobody", password: "wrong" }));
    expect(login.statusCode).toBe(401);
    const comment = await post(
      "/api/blog_comments/",
      JSON.stringify({ blog_id: 999, name: "A", email_id: "a@example.com", comment: "x".repeat(2000) }),
    );
    expect(comment.statusCode).toBe(404);
  });

  it("keeps the 1 MB limit for signed-in operators", async () => {
    const res = await post(
      "/api/blog",
      JSON.stringify({ heading: "Long article", full_description: `<p>${"word ".repeat(30_000)}</p>` }),
      { authorization: `Bearer ${admin}` },
    );
    expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
  });
});

describe("timeouts on a listening server", () => {
  let server: TestApp;
  let port = 0;
  let token = "";
  beforeAll(async () => {
    server = await createTestApp({ REQUEST_TIMEOUT_MS: "1000" });
    token = await operatorToken(server.app, "admin");
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    port = (server.app.server.address() as { port: number }).port;
  });
  afterAll(() => server.close());

  /** Opens a socket, sends the head, then one body byte every `everyMs`; resolves with what happened. */
  function trickle(head: string, everyMs: number, maxMs: number) {
    return new Promise<{ closedAfterMs: number | null; answer: string }>((resolve) => {
      const started = Date.now();
      const socket: Socket = connect(port, "127.0.0.1");
      let answer = "";
      let timer: NodeJS.Timeout | undefined;
      const finish = (closed: boolean) => {
        clearInterval(timer);
        clearTimeout(limit);
        socket.destroy();
        resolve({ closedAfterMs: closed ? Date.now() - started : null, answer });
      };
      const limit = setTimeout(() => finish(false), maxMs);
      socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
      socket.on("close", () => finish(true));
      socket.on("error", () => {});
      socket.on("connect", () => {
        socket.write(head);
        timer = setInterval(() => socket.write("x"), everyMs);
      });
    });
  }

  it("cuts off a body that trickles in one byte at a time, signed in or not", async () => {
    for (const auth of ["", `Authorization: Bearer ${token}\r\n`]) {
      const { closedAfterMs, answer } = await trickle(
        `POST /api/operators HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n`,
        200,
        6000,
      );
      expect(closedAfterMs, `${auth ? "signed in" : "anonymous"}: ${answer}`).not.toBeNull();
      expect(closedAfterMs!).toBeLessThan(4000);
    }
  });

  it("cuts off headers that trickle in", async () => {
    const { closedAfterMs } = await trickle("GET /healthz HTTP/1.1\r\nHost: x\r\n", 200, 6000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(4000);
  });

  it("lets a slow but complete request through and a long answer finish", async () => {
    // A body that stalls 600 ms midway but is complete within the 1 s request timeout.
    const lead = Buffer.from(JSON.stringify({ name: "Slow Lead", contact_no: "9822200000", status: "WARM" }));
    const slow = await postInTwoWrites(
      `http://127.0.0.1:${port}`,
      "/api/crm/leads",
      lead,
      10,
      { "content-type": "application/json", authorization: `Bearer ${token}` },
      600,
    );
    expect(slow).toMatch(/^201 /);
    // 50,000 rows (the export limit) read slowly: the request timeout is about receiving the request only.
    await server.app.database.db.execute(sql`
      insert into trucks (vehicle_number, contact_no, owner_name, body_type, tyres, tonnage_band, brand, state)
      select 'MH12AB' || lpad(i::text, 5, '0'), '+919800000000', 'Owner ' || i, 'Trailer', 14, '10-20', 'Tata', 18
      from generate_series(1, 50000) as i`);
    const res = await fetch(`http://127.0.0.1:${port}/api/trucks/export.csv`, {
      headers: { authorization: `Bearer ${token}`, "accept-encoding": "identity" },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    // The reader stops for longer than the request timeout on purpose: the answer must still arrive whole.
    await new Promise((r) => setTimeout(r, 1500));
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(text.trim().split("\r\n")).toHaveLength(50_001);
  }, 120_000);
});
