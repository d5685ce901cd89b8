import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { caseStudies } from "#db/schema/index.ts";
import { createPost } from "#tests/support/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const preview = (id: number) => t.app.inject({ method: "GET", url: `/og/blog/${id}.jpg` });

async function expectLinkPreview(res: Awaited<ReturnType<typeof preview>>) {
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("image/jpeg");
  const meta = await sharp(res.rawPayload).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
    format: "jpeg",
    width: 1200,
    height: 630,
  });
}

describe("GET /og/blog/{id}.jpg", () => {
  it("rasterises a post's SVG cover to a 1200×630 JPEG", async () => {
    const post = await createPost(db(), { featureImage: "/images/blog/cover-2.svg" });
    await expectLinkPreview(await preview(post.id));
  });

  it("crops an uploaded feature image of another shape to 1200×630", async () => {
    const square = await sharp({
      create: { width: 900, height: 900, channels: 3, background: { r: 20, g: 160, b: 140 } },
    })
      .png()
      .toBuffer();
    const stored = await t.app.services.media.storeImage(square);
    const post = await createPost(db(), { featureImage: stored.url });
    await expectLinkPreview(await preview(post.id));
  });

  it("sends the default image for a post without a picture of ours", async () => {
    for (const featureImage of [null, "https://elsewhere.example/x.png", "/images/../../etc/passwd.svg"]) {
      const post = await createPost(db(), { featureImage });
      const res = await preview(post.id);
      expect(res.statusCode, String(featureImage)).toBe(302);
      expect(res.headers.location).toBe("/og-default.png");
    }
  });

  it("answers 404 for drafts, unknown posts and other names", async () => {
    const draft = await createPost(db(), { status: "draft" });
    for (const url of [
      `/og/blog/${draft.id}.jpg`,
      "/og/blog/999999.jpg",
      "/og/blog/1.png",
      "/og/blog/x.jpg",
    ]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
  });
});

describe("GET /og/case-studies/{slug}.jpg", () => {
  it("makes a published case study's cover a 1200×630 JPEG, and answers 404 for a draft", async () => {
    const base = {
      industry: "Fintech",
      summary: "A centre.",
      model: "bot",
      coverImage: "/images/blog/cover-3.svg",
    };
    await db()
      .insert(caseStudies)
      .values([
        { ...base, slug: "og-published", title: "Published", status: "published" },
        { ...base, slug: "og-draft", title: "Draft", status: "draft" },
      ]);
    await expectLinkPreview(await t.app.inject({ method: "GET", url: "/og/case-studies/og-published.jpg" }));
    for (const url of [
      "/og/case-studies/og-draft.jpg",
      "/og/case-studies/none.jpg",
      "/og/case-studies/Og.jpg",
    ])
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
  });
});

describe("the default link preview", () => {
  it("is a 1200×630 PNG", async () => {
    const meta = await sharp("public/og-default.png").metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: "png",
      width: 1200,
      height: 630,
    });
  });
});
