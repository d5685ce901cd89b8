import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorToken } from "#tests/support/auth.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";

// Case studies, testimonials and client logos (domain/proof): the console's API, and what the public pages
// read (services.proof): drafts and unapproved logos never reach a visitor.
let t: TestApp;
let editor = "";
let admin = "";

beforeAll(async () => {
  t = await createTestApp();
  editor = await operatorToken(t.app, "editor");
  admin = await operatorToken(t.app, "admin");
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object, token = editor) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const study = (over: Record<string, unknown> = {}) => ({
  title: "A fintech GCC live in Pune in 120 days",
  client_name: "",
  industry: "Fintech",
  summary: "From an empty floor to forty engineers shipping to production.",
  challenge: "No entity, no office, a board deadline.",
  approach: "Entity, workspace and a hiring plan run in parallel.",
  outcomes: [
    { value: "120 days", label: "to the first release" },
    { value: "40", label: "engineers hired" },
  ],
  quote: "They made the first hires feel like our own.",
  quote_attribution: "VP Engineering",
  model: "bot",
  city: "Pune",
  cover_image: "/media/0123456789abcdef0123456789abcdef/960.webp",
  cover_alt: "The Pune office",
  sort_order: 1,
  ...over,
});

const audited = async (entity: string, id: number) => {
  const res = await call("GET", `/api/audit_log?entity=${entity}&search=`, undefined, admin);
  return (res.json().audit_log_data as { entity_id: string; action: string; record_name: string }[])
    .filter((e) => e.entity_id === String(id))
    .map((e) => [e.action, e.record_name]);
};

describe("case studies", () => {
  it("refuses bad input with a 400 that names the field, and changes nothing", async () => {
    const bad = await call("POST", "/api/case_studies", study({ title: "", model: "franchise" }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ title: "Enter a title" });
    expect(bad.json().errors.model).toMatch(/engagement model/);
    const outcome = await call("POST", "/api/case_studies", study({ outcomes: [{ value: "", label: "x" }] }));
    expect(outcome.statusCode).toBe(400);
    const slug = await call("POST", "/api/case_studies", study({ slug: "Not A Slug" }));
    expect(slug.statusCode).toBe(400);
    expect(slug.json().message).toMatch(/lower-case letters/);
    const image = await call("POST", "/api/case_studies", study({ cover_image: "/api/auth/logout" }));
    expect(image.statusCode).toBe(400);
    expect((await call("GET", "/api/case_studies")).json().total_no_of_data).toBe(0);
  });

  it("keeps a draft off the public pages until it is published, and takes it off again", async () => {
    const created = await call("POST", "/api/case_studies", study());
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json().data;
    expect(row).toMatchObject({
      slug: "a-fintech-gcc-live-in-pune-in-120-days",
      status: "draft",
      published_at: null,
    });
    const { proof } = t.app.services;
    expect(await proof.getCaseStudy(row.slug)).toBeNull();
    expect((await proof.blocks()).caseStudies).toEqual([]);

    const published = await call("PATCH", `/api/case_studies/${row.id}`, study({ status: "published" }));
    expect(published.statusCode, published.body).toBe(200);
    const at = published.json().data.published_at;
    expect(at).toEqual(expect.any(String));
    expect(await proof.getCaseStudy(row.slug)).toMatchObject({
      title: row.title,
      outcomes: study().outcomes,
    });
    expect((await proof.listCaseStudies()).map((c) => c.slug)).toEqual([row.slug]);
    expect((await proof.blocks({ model: "bot" })).caseStudies).toHaveLength(1);
    expect((await proof.blocks({ model: "captive" })).caseStudies).toHaveLength(0);
    // Saving again keeps the first publication's date.
    const again = await call(
      "PATCH",
      `/api/case_studies/${row.id}`,
      study({ status: "published", city: "Pune " }),
    );
    expect(again.json().data.published_at).toBe(at);

    await call("PATCH", `/api/case_studies/${row.id}`, study({ status: "draft" }));
    expect(await proof.getCaseStudy(row.slug)).toBeNull();
    await call("DELETE", `/api/case_studies/${row.id}`);
  });

  it("refuses a slug another case study has, with 409 naming it", async () => {
    const first = await call("POST", "/api/case_studies", study({ slug: "same-slug" }));
    expect(first.statusCode).toBe(201);
    const second = await call("POST", "/api/case_studies", study({ slug: "same-slug", title: "Other" }));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/\/case-studies\/same-slug/);
    await call("DELETE", `/api/case_studies/${first.json().data.id}`);
  });

  it("deletes to Recently deleted and restores, each change in the audit log under the title", async () => {
    const row = (
      await call("POST", "/api/case_studies", study({ title: "Trash and back", status: "published" }))
    ).json().data;
    const removed = await call("DELETE", `/api/case_studies/${row.id}`);
    expect(removed.json()).toMatchObject({ message: "Case study deleted.", restorable: true });
    expect(await t.app.services.proof.getCaseStudy(row.slug)).toBeNull();
    const trash = (await call("GET", "/api/recently_deleted?type=case_study")).json().recently_deleted_data;
    expect(trash.map((e: { name: string }) => e.name)).toContain("Trash and back");

    const restored = await call("POST", "/api/case_studies/restore", { ids: [row.id] });
    expect(restored.json()).toMatchObject({ message: "1 case study restored.", data: { restored: 1 } });
    expect(await t.app.services.proof.getCaseStudy(row.slug)).toMatchObject({ title: "Trash and back" });
    expect(await audited("case_study", row.id)).toEqual([
      ["restore", "Trash and back"],
      ["delete", "Trash and back"],
      ["create", "Trash and back"],
    ]);
  });

  it("refuses a visitor without a token, and lists for editors", async () => {
    expect((await call("GET", "/api/case_studies", undefined, "")).statusCode).toBe(401);
    expect((await call("POST", "/api/case_studies", study(), "")).statusCode).toBe(401);
    expect((await call("POST", "/api/testimonials", { person: "x", quote: "y" }, "")).statusCode).toBe(401);
    expect(
      (await call("POST", "/api/client_logos", { name: "x", image: "/images/x.svg" }, "")).statusCode,
    ).toBe(401);
    expect((await call("GET", "/api/case_studies?status=archived")).statusCode).toBe(400);
  });
});

describe("testimonials", () => {
  it("shows published testimonials only, audited under the person's name", async () => {
    const res = await call("POST", "/api/testimonials", {
      person: "Asha Rao",
      role: "CTO",
      company: "Example Corp",
      quote: "Our centre hired faster than our home office.",
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;
    expect((await t.app.services.proof.blocks()).testimonials).toEqual([]);
    const bad = await call("PATCH", `/api/testimonials/${id}`, { person: "Asha Rao", quote: "" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ quote: "Enter the quote" });
    await call("PATCH", `/api/testimonials/${id}`, {
      person: "Asha Rao",
      quote: "Our centre hired faster than our home office.",
      status: "published",
    });
    expect((await t.app.services.proof.blocks()).testimonials).toMatchObject([{ person: "Asha Rao" }]);
    expect((await call("DELETE", `/api/testimonials/${id}`)).statusCode).toBe(200);
    expect((await t.app.services.proof.blocks()).testimonials).toEqual([]);
    expect(await audited("testimonial", id)).toEqual([
      ["delete", "Asha Rao"],
      ["update", "Asha Rao"],
      ["create", "Asha Rao"],
    ]);
  });
});

describe("client logos", () => {
  it("keeps a logo hidden until the client approved it", async () => {
    const logo = { name: "Northwind", image: "/images/logo.svg", link: "https://northwind.example" };
    const res = await call("POST", "/api/client_logos", logo);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ approved: false });
    const id = res.json().data.id;
    expect((await t.app.services.proof.blocks()).logos).toEqual([]);
    await call("PATCH", `/api/client_logos/${id}`, { ...logo, approved: true });
    expect((await t.app.services.proof.blocks()).logos).toMatchObject([{ name: "Northwind" }]);
    expect((await call("GET", "/api/client_logos?approved=no")).json().total_no_of_data).toBe(0);

    const http = await call("POST", "/api/client_logos", { ...logo, link: "http://northwind.example" });
    expect(http.statusCode).toBe(400);
    expect(http.json().errors).toMatchObject({ link: "Link must be an https:// address" });
    const noImage = await call("POST", "/api/client_logos", { name: "Nameless" });
    expect(noImage.statusCode).toBe(400);
  });
});
