import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { blogComments, blogPosts } from "#db/schema/index.ts";
import { operatorToken } from "#tests/support/auth.ts";
import { createComment, createPost, daysAgo, knownCommenter } from "#tests/support/factories.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";

let t: TestApp;
let token = "";

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_RATE_LIMIT: "1000", PUBLIC_BASE_URL: "https://www.example.com" });
  token = await operatorToken(t.app, "editor");
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.database.db.delete(blogPosts);
  // Public answers are cached for the content version, which is read at most once a second.
  t.app.pageCache.clear();
});

const db = () => t.app.database.db;
const get = (url: string) => t.app.inject({ method: "GET", url });
const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
const stored = async (id: number) => (await db().select().from(blogPosts).where(eq(blogPosts.id, id)))[0]!;

const HINDI = "ग्लोबल कैपेबिलिटी सेंटर के लिए भारत क्यों";
const TAMIL = "உலகளாவிய திறன் மையங்களுக்கு இந்தியா ஏன்";

/** A translation of `of` into `language`, created as the console's "Add translation" does. */
async function translate(of: number, language: string, overrides: object = {}) {
  return call("POST", "/api/blog", {
    heading: language === "Tamil" ? TAMIL : HINDI,
    full_description: "<p>अनुवाद</p>",
    language,
    translation_of: of,
    ...overrides,
  });
}

describe("adding a translation", () => {
  it("creates a draft in the source's group and leaves the source untouched", async () => {
    const source = await createPost(db(), { heading: "Why India", publishedAt: daysAgo(3) });
    const res = await translate(source.id, "Hindi");
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      language: "Hindi",
      status: "draft",
      published_at: null,
      translation_group: source.id,
      translations: [{ id: source.id, language: "English", status: "published" }],
    });
    // Adding a translation writes nothing to the post it translates (Payload's duplicate published all).
    expect(await stored(source.id)).toEqual(source);
    const sourceRecord = (await call("GET", `/api/blog/${source.id}`)).json().data;
    expect(sourceRecord.translations).toEqual([
      { id: created.id, heading: HINDI, language: "Hindi", status: "draft", published_at: null },
    ]);
    // A translation of the translation joins the same group.
    const tamil = (await translate(created.id, "Tamil")).json().data;
    expect(tamil.translation_group).toBe(source.id);
    expect(tamil.translations.map((p: { language: string }) => p.language)).toEqual(["English", "Hindi"]);
  });

  it("refuses a language the group already has, and a post that does not exist", async () => {
    const source = await createPost(db(), { heading: "Why India" });
    expect((await translate(source.id, "Hindi")).statusCode).toBe(201);

    const again = await translate(source.id, "Hindi", { heading: "दूसरा अनुवाद" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `This post's translations already have a version in Hindi ("${HINDI}"). Edit that post, or choose another language.`,
    );
    expect((await translate(source.id, "English")).statusCode).toBe(409);
    const missing = await translate(999_999, "Tamil");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(
      "The post to translate no longer exists. Refresh the list and try again.",
    );
    expect(await db().$count(blogPosts)).toBe(2);
  });

  it("refuses to move a post into a language its group already has", async () => {
    const source = await createPost(db(), { heading: "Why India" });
    const hindi = (await translate(source.id, "Hindi")).json().data;
    const res = await call("PATCH", `/api/blog/${hindi.id}`, {
      heading: hindi.heading,
      language: "English",
      status: "draft",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({
      language: expect.stringContaining("already have a version in English"),
    });
    expect((await stored(hindi.id)).language).toBe("Hindi");
  });
});

describe("each translation is published on its own", () => {
  it("publishing or scheduling one leaves the others' status and publication date unchanged", async () => {
    const english = await createPost(db(), { heading: "Why India", publishedAt: daysAgo(10) });
    const hindi = (await translate(english.id, "Hindi")).json().data;
    const tamil = (await translate(english.id, "Tamil")).json().data;
    const before = await Promise.all([english.id, tamil.id].map(stored));

    const published = await call("PATCH", `/api/blog/${hindi.id}`, {
      heading: HINDI,
      language: "Hindi",
      status: "published",
    });
    expect(published.statusCode).toBe(200);
    expect(published.json().data.status).toBe("published");
    expect(await Promise.all([english.id, tamil.id].map(stored))).toEqual(before);

    const later = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const scheduled = await call("PATCH", `/api/blog/${tamil.id}`, {
      heading: TAMIL,
      language: "Tamil",
      status: "published",
      published_at: later,
    });
    expect(scheduled.statusCode).toBe(200);
    const [englishNow, hindiNow] = await Promise.all([english.id, hindi.id].map(stored));
    expect(englishNow).toEqual(before[0]);
    expect(hindiNow).toMatchObject({
      status: "published",
      publishedAt: new Date(published.json().data.published_at),
    });
    // The list shows each translation's own status, not the one just saved.
    const row = (await call("GET", `/api/blog?search=Why%20India`)).json().blog_data[0];
    expect(row.translations).toEqual([
      expect.objectContaining({ id: hindi.id, status: "published" }),
      expect.objectContaining({ id: tamil.id, status: "published", published_at: later }),
    ]);
    // Public lists show the Hindi post; the Tamil one waits for its date.
    const hi = await get("/api/blog_details/?lang=hi");
    expect(hi.json().map((p: { id: number }) => p.id)).toEqual([hindi.id]);
    expect((await get("/api/blog_details/?lang=ta")).json()).toEqual([]);
  });
});

describe("one language of the public list and feed", () => {
  beforeEach(async () => {
    await createPost(db(), { heading: "English post", publishedAt: daysAgo(3) });
    await createPost(db(), { heading: HINDI, language: "Hindi", publishedAt: daysAgo(2) });
    await createPost(db(), { heading: TAMIL, language: "Tamil", publishedAt: daysAgo(1) });
    await createPost(db(), { heading: "हिंदी ड्राफ़्ट", language: "Hindi", status: "draft" });
  });

  it("lists one language with ?lang=, paged with its own total", async () => {
    const headings = async (query: string) =>
      (await get(`/api/blog_details/${query}`)).json().map((p: { heading: string }) => p.heading);
    expect(await headings("?lang=hi")).toEqual([HINDI]);
    expect(await headings("?lang=ta")).toEqual([TAMIL]);
    expect(await headings("?lang=en")).toEqual(["English post"]);
    expect(await headings("")).toEqual([TAMIL, HINDI, "English post"]);
    const paged = await get("/api/blog_details/?lang=hi&page=1&page_size=10");
    expect(paged.headers["x-total-count"]).toBe("1");
  });

  it("refuses a language it does not know with a message that names the choices", async () => {
    for (const lang of ["Hindi", "fr", "", "HI"]) {
      const res = await get(`/api/blog_details/?lang=${lang}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("lang must be en (English), hi (Hindi) or ta (Tamil)");
    }
  });

  it("serves an RSS feed per language", async () => {
    const hindi = await get("/rss.xml?lang=hi");
    expect(hindi.statusCode).toBe(200);
    expect(hindi.body).toContain("<language>hi</language>");
    expect(hindi.body).toContain(`<title>${HINDI}</title>`);
    expect(hindi.body).not.toContain("English post");
    expect(hindi.body).not.toContain("हिंदी ड्राफ़्ट");
    expect(hindi.body).toContain('<atom:link href="https://www.example.com/rss.xml?lang=hi" rel="self"');
    const tamil = await get("/rss.xml?lang=ta");
    expect(tamil.body).toContain("<language>ta</language>");
    expect(tamil.body.match(/<item>/g)).toHaveLength(1);
    expect((await get("/rss.xml")).body.match(/<item>/g)).toHaveLength(3);
    const unknown = await get("/rss.xml?lang=xx");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("lang must be en (English), hi (Hindi) or ta (Tamil)");
  });
});

describe("hreflang in the sitemap", () => {
  it("lists every published translation of a group on each of them, with x-default, and never a draft", async () => {
    const english = await createPost(db(), { heading: "Why India", publishedAt: daysAgo(5) });
    const hindi = await createPost(db(), {
      heading: HINDI,
      language: "Hindi",
      translationGroup: english.id,
      publishedAt: daysAgo(4),
    });
    const tamil = await createPost(db(), {
      heading: TAMIL,
      language: "Tamil",
      translationGroup: english.id,
      publishedAt: daysAgo(3),
    });
    await createPost(db(), { heading: "Hindi alone", language: "Hindi", publishedAt: daysAgo(2) });
    // A group whose only other post is a draft, and one whose translation is scheduled: no alternates.
    const city = await createPost(db(), { heading: "Choosing a city", publishedAt: daysAgo(2) });
    await createPost(db(), {
      heading: "अधूरा अनुवाद",
      language: "Hindi",
      status: "draft",
      translationGroup: city.id,
    });
    await createPost(db(), {
      heading: "நாளை வரும்",
      language: "Tamil",
      translationGroup: city.id,
      publishedAt: new Date(Date.now() + 86_400_000),
    });

    const xml = (await get("/sitemap.xml")).body;
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const base = "https://www.example.com";
    const paths = {
      en: `/blog/${english.id}-why-india`,
      hi: `/blog/${hindi.id}-global-kaipebiliti-sentar-ke-lie-bharat-kyon`,
      ta: `/blog/${tamil.id}-ulagalaviya-thiran-maiyangalukku-indhiya-en`,
    };
    const expected = [
      ...Object.entries(paths).map(
        ([lang, path]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${base}${path}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${base}${paths.en}"/>`,
    ].join("");
    for (const path of Object.values(paths)) expect(xml).toContain(`<loc>${base}${path}</loc>`);
    const entries = xml
      .split("\n")
      .filter((line) => Object.values(paths).some((p) => line.includes(`<loc>${base}${p}<`)));
    expect(entries).toHaveLength(3);
    for (const entry of entries) expect(entry).toContain(expected);
    // A post with no published translation lists none, and drafts and scheduled posts are not named.
    for (const slug of ["hindi-alone", "choosing-a-city"])
      expect(xml.split("\n").find((line) => line.includes(slug))).not.toContain("xhtml:link");
    expect(xml).not.toContain("adhura");
    expect(xml).not.toContain("nalai");
  });
});

describe("x-default of a group with no English post", () => {
  it("is the translation published first, until an English one is published", async () => {
    // The group started with the Tamil post (the lowest id), but its Hindi translation went out earlier.
    const tamil = await createPost(db(), { heading: TAMIL, language: "Tamil", publishedAt: daysAgo(2) });
    const hindi = await createPost(db(), {
      heading: HINDI,
      language: "Hindi",
      translationGroup: tamil.id,
      publishedAt: daysAgo(6),
    });
    const base = "https://www.example.com";
    const paths = {
      hi: `/blog/${hindi.id}-global-kaipebiliti-sentar-ke-lie-bharat-kyon`,
      ta: `/blog/${tamil.id}-ulagalaviya-thiran-maiyangalukku-indhiya-en`,
    };
    /** The x-default each listed post of the group names in the sitemap. */
    const defaults = async (listed: string[]) => {
      const xml = (await get("/sitemap.xml")).body;
      return listed.map((path) => {
        const entry = xml.split("\n").find((line) => line.includes(`<loc>${base}${path}</loc>`))!;
        return [...entry.matchAll(/hreflang="x-default" href="([^"]+)"/g)].map((m) => m[1]);
      });
    };
    expect(await defaults([paths.hi, paths.ta])).toEqual([[`${base}${paths.hi}`], [`${base}${paths.hi}`]]);

    // An English translation, however new, becomes every member's x-default.
    const english = await createPost(db(), {
      heading: "Why India",
      translationGroup: tamil.id,
      publishedAt: daysAgo(1),
    });
    t.app.pageCache.clear();
    const englishPath = `${base}/blog/${english.id}-why-india`;
    expect(await defaults([paths.hi, paths.ta, `/blog/${english.id}-why-india`])).toEqual([
      [englishPath],
      [englishPath],
      [englishPath],
    ]);
  });
});

describe("Hindi and Tamil comments and search", () => {
  const postComment = (payload: object) =>
    t.app.inject({ method: "POST", url: "/api/blog_comments/", payload, remoteAddress: "10.0.0.7" });
  // "क़ानून" typed as क + nukta (two code points), as some keyboards send it; stored composed (NFC).
  const decomposedLaw = "\u0915\u093c\u093e\u0928\u0942\u0928";
  const composedLaw = decomposedLaw.normalize("NFC");

  it("stores, shows and finds comments written in Devanagari and Tamil", async () => {
    const post = await createPost(db(), { heading: HINDI, language: "Hindi" });
    await knownCommenter(db(), "anita@example.com");
    await knownCommenter(db(), "karthik@example.com");
    const hindi = await postComment({
      blog_id: post.id,
      name: "अनीता शर्मा",
      email_id: "anita@example.com",
      comment: `बहुत उपयोगी लेख। श्रम ${decomposedLaw} पर और लिखिए।`,
    });
    expect(hindi.statusCode).toBe(201);
    const tamil = await postComment({
      blog_id: post.id,
      name: "கார்த்திக்",
      email_id: "karthik@example.com",
      comment: "சென்னையைப் பற்றிய பகுதி மிகவும் பயனுள்ளதாக இருந்தது.",
    });
    expect(tamil.statusCode).toBe(201);

    const shown = (await get(`/api/blog_comments/?blog_id=${post.id}`)).json();
    expect(shown.map((c: { name: string; comment: string }) => [c.name, c.comment])).toEqual([
      ["अनीता शर्मा", `बहुत उपयोगी लेख। श्रम ${composedLaw} पर और लिखिए।`],
      ["கார்த்திக்", "சென்னையைப் பற்றிய பகுதி மிகவும் பயனுள்ளதாக இருந்தது."],
    ]);
    const [row] = await db().select().from(blogComments).where(eq(blogComments.id, hindi.json().data.id));
    expect(row!.comment).toContain(composedLaw);

    const found = async (search: string) =>
      (await call("GET", `/api/comments?search=${encodeURIComponent(search)}`))
        .json()
        .comments_data.map((c: { name: string }) => c.name);
    expect(await found("उपयोगी")).toEqual(["अनीता शर्मा"]);
    // Either way of typing the nukta finds it.
    expect(await found(decomposedLaw)).toEqual(["अनीता शर्मा"]);
    expect(await found(composedLaw)).toEqual(["अनीता शर्मा"]);
    expect(await found("சென்னை")).toEqual(["கார்த்திக்"]);
    expect(await found("கார்த்திக்")).toEqual(["கார்த்திக்"]);
    await createComment(db(), { blogId: post.id, name: "Reader", comment: "Plain English" });
    expect(await found("सेंटर")).toEqual([]);
  });

  it("finds posts by their Hindi or Tamil heading in the console", async () => {
    await createPost(db(), { heading: HINDI, language: "Hindi" });
    await createPost(db(), { heading: TAMIL, language: "Tamil" });
    await createPost(db(), { heading: "Why India" });
    const found = async (search: string) =>
      (await call("GET", `/api/blog?search=${encodeURIComponent(search)}`))
        .json()
        .blog_data.map((p: { language: string }) => p.language);
    expect(await found("भारत")).toEqual(["Hindi"]);
    expect(await found("இந்தியா")).toEqual(["Tamil"]);
    expect(await found("Why")).toEqual(["English"]);
  });
});

describe("restoring a revision", () => {
  it("refuses a revision in a language another post of the group has taken since", async () => {
    const source = await createPost(db(), { heading: "Why India" });
    const first = (await translate(source.id, "Hindi")).json().data;
    // The Hindi post becomes the Tamil one, and a new Hindi translation is added.
    const moved = await call("PATCH", `/api/blog/${first.id}`, { heading: TAMIL, language: "Tamil" });
    expect(moved.statusCode).toBe(200);
    expect((await translate(source.id, "Hindi", { heading: "नया अनुवाद" })).statusCode).toBe(201);
    const revisions = (await call("GET", `/api/blog/${first.id}/revisions`)).json().data as { id: number }[];
    const hindiRevision = revisions.at(-1)!.id;
    const res = await call("POST", `/api/blog/${first.id}/revisions/${hindiRevision}/restore`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("another translation of this post now has");
    expect((await stored(first.id)).language).toBe("Tamil");
  });
});
