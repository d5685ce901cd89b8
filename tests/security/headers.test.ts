import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { staticPublicPaths } from "#shared/content/public-paths.ts";
import { apiRoutes, baseURL, fill, signIn, TEST_ADMIN, type ApiRoute } from "./support";

/**
 * Security headers on every route: every public page (app/content/public-paths.ts plus a blog post and a
 * job), every /api route (walked from app.apiRoutes), media, feeds and health. CSP without inline
 * scripts, object-src/base-uri/frame-ancestors 'none'; nosniff; a Referrer-Policy; HSTS exactly when the
 * request came over HTTPS (as reported by the trusted proxy); no-store on console API answers.
 */
let routes: ApiRoute[];
let token = "";
let postPath = "";
let jobPath = "";
let mediaPath = "";

// An admin of this file's own: the walk calls every route, and those that end sessions (end_others, logout)
// must not end the sessions the other security files hold for TEST_ADMIN on the shared server.
const ownAdmin = { username: `headers-${Date.now()}`, password: "headers-password-0123456789" };

beforeAll(async () => {
  routes = await apiRoutes();
  const created = await fetch(`${baseURL()}/api/operators`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await signIn(baseURL())}` },
    body: JSON.stringify({ ...ownAdmin, role: "admin" }),
  });
  expect(created.status).toBe(201);
  token = await signIn(baseURL(), ownAdmin);
  const [post] = (await (await fetch(`${baseURL()}/api/blog_details/`)).json()) as { id: number }[];
  postPath = new URL((await fetch(`${baseURL()}/blog/${post!.id}`)).url).pathname;
  const [job] = (await (await fetch(`${baseURL()}/api/post_jobs/`)).json()) as { id: number }[];
  jobPath = `/careers-details?jobId=${job!.id}`;
  const form = new FormData();
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "dot.png");
  const uploaded = await fetch(`${baseURL()}/api/uploads`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  mediaPath = ((await uploaded.json()) as { data: { url: string } }).data.url;
});

function cspProblems(csp: string | null): string[] {
  if (!csp) return ["no Content-Security-Policy"];
  const directives = new Map(
    csp.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!.toLowerCase(), values] as const;
    }),
  );
  const problems: string[] = [];
  const scripts = directives.get("script-src") ?? directives.get("default-src") ?? [];
  if (scripts.includes("'unsafe-inline'")) problems.push("script-src allows 'unsafe-inline'");
  if (scripts.includes("'unsafe-eval'")) problems.push("script-src allows 'unsafe-eval'");
  if (scripts.some((s) => s === "*" || s === "http:" || s === "https:" || s === "data:"))
    problems.push(`script-src too wide: ${scripts.join(" ")}`);
  for (const name of ["object-src", "base-uri", "frame-ancestors"]) {
    const values =
      directives.get(name) ?? (name === "object-src" ? directives.get("default-src") : undefined);
    if (values?.join(" ") !== "'none'")
      problems.push(`${name} is ${values?.join(" ") ?? "missing"}, not 'none'`);
  }
  return problems;
}

interface Target {
  method: string;
  path: string;
  console: boolean;
}

function targets(): Target[] {
  const list: Target[] = [
    ...[
      ...staticPublicPaths,
      postPath,
      jobPath,
      "/no-such-page",
      "/dashboard",
      "/dashboard/login",
      "/dashboard/enquiries",
    ].map((path) => ({ method: "GET", path, console: false })),
    ...[
      "/sitemap.xml",
      "/rss.xml",
      "/robots.txt",
      "/healthz",
      "/readyz",
      mediaPath,
      "/media/0/1.webp",
      "/jobs/1",
      "/refresh_token",
    ].map((path) => ({ method: "GET", path, console: false })),
  ];
  for (const route of routes)
    list.push({ method: route.method, path: fill(route.url), console: route.access !== "public" });
  return list;
}

async function fetchAs(t: Target, extra: Record<string, string> = {}) {
  const init: RequestInit = {
    method: t.method,
    redirect: "manual",
    headers: { authorization: `Bearer ${token}`, ...extra },
  };
  // Bodies that are refused (400) so nothing changes; writes to a record go to an id that does not exist
  // (POST /api/operators/1/end_sessions would end the first admin's sessions).
  const writes = !["GET", "HEAD"].includes(t.method);
  if (writes) {
    init.body = "{}";
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  const path = writes ? t.path.replace(/\/1(\/|$)/, "/2147483600$1") : t.path;
  const res = await fetch(`${baseURL()}${path}`, init);
  await res.arrayBuffer();
  return res;
}

describe("security headers on every route", () => {
  it("CSP, nosniff, Referrer-Policy everywhere; no-store on console API answers; no HSTS over plain HTTP", async () => {
    const problems: string[] = [];
    const all = targets();
    expect(all.length).toBeGreaterThan(140);
    for (const t of all) {
      // Logout would end this suite's session; it is checked last.
      if (t.path === "/api/auth/logout") continue;
      const res = await fetchAs(t);
      const where = `${t.method} ${t.path} (${res.status})`;
      if (res.status >= 500) problems.push(`${where}: server error`);
      for (const p of cspProblems(res.headers.get("content-security-policy")))
        problems.push(`${where}: ${p}`);
      if (res.headers.get("x-content-type-options") !== "nosniff") problems.push(`${where}: no nosniff`);
      const referrer = res.headers.get("referrer-policy") ?? "";
      if (!/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/.test(referrer))
        problems.push(`${where}: Referrer-Policy ${referrer || "missing"}`);
      if (res.headers.get("x-frame-options") !== "DENY")
        problems.push(`${where}: X-Frame-Options ${res.headers.get("x-frame-options")}`);
      if (res.headers.get("strict-transport-security")) problems.push(`${where}: HSTS over plain HTTP`);
      if (t.console && !/no-store/.test(res.headers.get("cache-control") ?? ""))
        problems.push(`${where}: console answer without Cache-Control: no-store`);
    }
    const signedIn = await fetch(`${baseURL()}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(TEST_ADMIN),
    });
    if (signedIn.status !== 200 || !/no-store/.test(signedIn.headers.get("cache-control") ?? ""))
      problems.push("POST /api/auth/login: a token answer without no-store");
    const logout = await fetchAs({ method: "POST", path: "/api/auth/logout", console: true });
    if (!/no-store/.test(logout.headers.get("cache-control") ?? ""))
      problems.push("POST /api/auth/logout: no no-store");
    token = await signIn(baseURL(), ownAdmin);
    expect(problems, `${all.length} routes checked`).toEqual([]);
  });

  it("sends HSTS when the trusted proxy reports HTTPS", async () => {
    for (const path of ["/", "/blog", "/api/blog_details/", "/api/auth/me", "/healthz"]) {
      const res = await fetch(`${baseURL()}${path}`, {
        headers: { "x-forwarded-proto": "https", authorization: `Bearer ${token}` },
      });
      const hsts = res.headers.get("strict-transport-security") ?? "";
      expect(hsts, path).toMatch(/max-age=(\d+)/);
      expect(Number(/max-age=(\d+)/.exec(hsts)![1])).toBeGreaterThanOrEqual(15_552_000);
    }
  });

  it("gives a cached page the same bytes and a policy listing exactly its inline scripts", async () => {
    // A page without React has no inline script, and its policy allows none.
    const plain = await fetch(`${baseURL()}/about-page`);
    expect(plain.headers.get("content-security-policy")).not.toMatch(/'sha256-/);
    expect(await plain.text()).not.toMatch(/<script(?![^>]*(src=|application\/ld\+json))[^>]*>/);
    // The blog's list hydrates React: its inline scripts, each listed by hash.
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${baseURL()}/blog`);
      answers.push({ policy: res.headers.get("content-security-policy") ?? "", html: await res.text() });
    }
    const [{ policy, html }] = answers as [{ policy: string; html: string }];
    expect(answers.every((a) => a.policy === policy && a.html === html)).toBe(true);
    expect(policy).not.toMatch(/script-src[^;]*('unsafe-inline'|'nonce-|\*)/);
    const allowed = [...policy.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !/src=|application\/ld\+json/.test(attributes!))
      .map(([, , body]) => createHash("sha256").update(body!).digest("base64"));
    expect(inline.length).toBeGreaterThan(0);
    for (const hash of inline) expect(allowed).toContain(hash);
    // Plus the one module script the page inserts after its first paint, and nothing else.
    expect(allowed).toHaveLength(new Set(inline).size + 1);
  });
});
