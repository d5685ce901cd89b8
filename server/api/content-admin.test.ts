import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "#db/schema/index.ts";
import { operatorToken } from "#tests/support/auth.ts";
import { createComment, createJob, createMember, createPost, postInput } from "#tests/support/factories.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";

let t: TestApp;
let token = "";

beforeAll(async () => {
  t = await createTestApp();
  token = await operatorToken(t.app, "editor");
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

const post = postInput({
  heading: "Opening a GCC in Pune",
  sub_heading: "What the first quarter looks like",
  full_description:
    '<p>Hello</p><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a>',
  feature_image: "/media/abc/960.webp",
  image_alt_text: "Pune skyline",
  tags: "GCC, Pune",
});

describe("console blog API", () => {
  it("creates a draft with a sanitised body, invisible to the public until published", async () => {
    const res = await call("POST", "/api/blog", post);
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    const full = (await call("GET", `/api/blog/${id}`)).json().data;
    expect(full.full_description).toContain("<p>Hello</p>");
    expect(full.full_description).not.toMatch(/<script|onerror|javascript:/i);
    expect(full.seo_title).toBeNull();
    expect((await t.app.inject(`/api/blog_details/${id}/`)).statusCode).toBe(404);

    const published = await call("PATCH", `/api/blog/${id}`, { ...post, status: "published" });
    expect(published.json().data.published_at).toEqual(expect.any(String));
    expect((await t.app.inject(`/api/blog_details/${id}/`)).statusCode).toBe(200);

    await call("PATCH", `/api/blog/${id}`, { ...post, status: "draft" });
    expect((await t.app.inject(`/api/blog_details/${id}/`)).statusCode).toBe(404);
  });

  it("lists every status with filters and search, and deletes with its comments", async () => {
    const a = await createPost(t.app.database.db, { heading: "Alpha payroll guide", status: "published" });
    await createPost(t.app.database.db, { heading: "Beta draft", status: "draft", publishedAt: null });
    await createComment(t.app.database.db, { blogId: a.id });
    const drafts = (await call("GET", "/api/blog?status=draft&search=beta")).json();
    expect(drafts.blog_data.map((p: { heading: string }) => p.heading)).toEqual(["Beta draft"]);
    expect((await call("GET", "/api/blog?status=archived")).statusCode).toBe(400);
    expect((await call("DELETE", `/api/blog/${a.id}`)).statusCode).toBe(200);
    expect((await call("GET", `/api/blog/${a.id}`)).statusCode).toBe(404);
    expect((await call("GET", `/api/comments?blog_id=${a.id}`)).json().total_no_of_data).toBe(0);
  });

  it("filters scheduled posts apart from live ones", async () => {
    const marker = `Sched${Date.now()}`;
    await createPost(t.app.database.db, { heading: `${marker} live`, status: "published" });
    await createPost(t.app.database.db, {
      heading: `${marker} later`,
      status: "published",
      publishedAt: new Date(Date.now() + 3 * 86_400_000),
    });
    await createPost(t.app.database.db, { heading: `${marker} draft`, status: "draft", publishedAt: null });
    const headings = async (status: string) =>
      (await call("GET", `/api/blog?status=${status}&search=${marker}`))
        .json()
        .blog_data.map((p: { heading: string }) => p.heading);
    expect(await headings("scheduled")).toEqual([`${marker} later`]);
    expect(await headings("published")).toEqual([`${marker} live`]);
    expect(await headings("draft")).toEqual([`${marker} draft`]);
    const bad = await call("GET", "/api/blog?status=archived");
    expect(bad.json().message).toMatch("status must be draft, scheduled or published");
  });

  it("rejects bad input and mass-assigned fields without writing", async () => {
    const before = await t.app.database.db.$count(blogPosts);
    for (const body of [
      { ...post, heading: "" },
      { ...post, id: 5 },
      { ...post, created_at: "2020-01-01" },
      { ...post, status: "live" },
      { ...post, feature_image: "javascript:alert(1)" },
    ]) {
      const res = await call("POST", "/api/blog", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(await t.app.database.db.$count(blogPosts)).toBe(before);
  });
});

describe("console team and jobs API", () => {
  it("edits and removes a team member, which the public list reflects", async () => {
    const m = await createMember(t.app.database.db, { name: "Old Name" });
    const res = await call("PATCH", `/api/team_members/${m.id}`, {
      name: "New Name",
      position: "COO",
      image: null,
      description: "",
      sort_order: 2,
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject(`/api/teams/${m.id}/`)).json().name).toBe("New Name");
    await call("DELETE", `/api/team_members/${m.id}`);
    expect((await t.app.inject(`/api/teams/${m.id}/`)).statusCode).toBe(404);
  });

  it("closes a job, which leaves the public list, and keeps description HTML safe", async () => {
    const job = await createJob(t.app.database.db, { jobTitle: "Payroll lead" });
    expect((await t.app.inject("/api/post_jobs/")).json().some((j: { id: number }) => j.id === job.id)).toBe(
      true,
    );
    const body = {
      job_title: "Payroll lead",
      company: "GCC View 360",
      location: "Pune",
      salary: "",
      employment_type: "FULL_TIME",
      job_description: "<p>Run payroll</p><iframe src=https://evil.example></iframe>",
      responsibilities: ["Run payroll"],
      requirements: ["5 years"],
      apply_link: null,
      status: "closed",
      valid_through: null,
    };
    const res = await call("PATCH", `/api/jobs/${job.id}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.job_description).not.toContain("iframe");
    expect((await t.app.inject("/api/post_jobs/")).json().some((j: { id: number }) => j.id === job.id)).toBe(
      false,
    );
    expect(
      (await call("GET", "/api/jobs?status=closed")).json().jobs_data.map((j: { id: number }) => j.id),
    ).toContain(job.id);
  });
});

describe("a job's questions for candidates", () => {
  const job = {
    job_title: "Payroll analyst",
    company: "GCC View 360",
    location: "Pune",
    questions: [
      { label: "Expected salary?", type: "text", required: true },
      { label: "Can you work in Pune?", type: "yes_no", required: false },
      { label: "Shift", type: "choice", required: true, choices: ["Day", "Night"] },
    ],
  };

  it("stores up to five in order, gives new ones an id, and keeps ids when edited and reordered", async () => {
    const created = await call("POST", "/api/jobs", job);
    expect(created.statusCode).toBe(201);
    const { id, questions } = created.json().data;
    expect(questions).toMatchObject([
      { label: "Expected salary?", type: "text", required: true, choices: [] },
      { label: "Can you work in Pune?", type: "yes_no", required: false, choices: [] },
      { label: "Shift", type: "choice", required: true, choices: ["Day", "Night"] },
    ]);
    const ids = questions.map((q: { id: string }) => q.id);
    expect(new Set(ids).size).toBe(3);
    for (const qid of ids) expect(qid).toMatch(/^[a-z0-9]{1,16}$/);

    const [salary, pune, shift] = questions;
    const edited = await call("PATCH", `/api/jobs/${id}`, {
      ...job,
      questions: [
        shift,
        { ...salary, label: "Expected annual salary?" },
        pune,
        { label: "Notice?", type: "text" },
      ],
    });
    expect(edited.statusCode).toBe(200);
    const after = edited.json().data.questions;
    expect(after.slice(0, 3).map((q: { id: string }) => q.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(after[1].label).toBe("Expected annual salary?");
    expect(after[3]).toMatchObject({
      label: "Notice?",
      required: false,
      id: expect.stringMatching(/^[a-z0-9]+$/),
    });
  });

  it.each([
    [
      "six questions",
      Array.from({ length: 6 }, (_, i) => ({ label: `Q${i}`, type: "text" })),
      "questions",
      "A job asks at most 5 questions",
    ],
    [
      "one choice with one option",
      [{ label: "Shift", type: "choice", choices: ["Day"] }],
      "questions.0.choices",
      "Give at least two choices, one per line",
    ],
    ["an empty question", [{ label: " ", type: "text" }], "questions.0.label", "Write the question"],
    [
      "an unknown type",
      [{ label: "Age?", type: "number" }],
      "questions.0.type",
      "Choose short text, yes or no, or one choice",
    ],
    [
      "choices the same twice",
      [{ label: "Shift", type: "choice", choices: ["Day", "day"] }],
      "questions.0.choices",
      "Give each choice once",
    ],
  ])("refuses %s, naming the field, and stores nothing", async (_what, questions, field, message) => {
    const before = (await call("GET", "/api/jobs")).json().total_no_of_data;
    const res = await call("POST", "/api/jobs", { ...job, questions });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect((await call("GET", "/api/jobs")).json().total_no_of_data).toBe(before);
  });
});

describe("comment moderation API", () => {
  it("hides a comment from the public and shows it again", async () => {
    const p = await createPost(t.app.database.db);
    const c = await createComment(t.app.database.db, { blogId: p.id, comment: "Spam spam" });
    const visible = async () =>
      (await t.app.inject(`/api/blog_comments/?blog_id=${p.id}`))
        .json()
        .some((x: { id: number }) => x.id === c.id);
    expect(await visible()).toBe(true);
    expect((await call("PATCH", `/api/comments/${c.id}`, { hidden: true })).statusCode).toBe(200);
    expect(await visible()).toBe(false);
    expect(
      (await call("GET", `/api/comments?visibility=hidden&blog_id=${p.id}`)).json().comments_data[0],
    ).toMatchObject({ id: c.id, hidden: true, blog_heading: p.heading });
    await call("PATCH", `/api/comments/${c.id}`, { hidden: false });
    expect(await visible()).toBe(true);
    expect((await call("PATCH", `/api/comments/${c.id}`, { hidden: "yes" })).statusCode).toBe(400);
  });
});
