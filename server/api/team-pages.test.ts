import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaFiles, teamMembers } from "#db/schema/index.ts";
import { testAppPerFile } from "#tests/support/app.ts";
import { operatorToken } from "#tests/support/auth.ts";

const t = testAppPerFile();
let token = "";
beforeAll(async () => {
  token = await operatorToken(t().app, "editor");
});

const call = (method: "POST" | "PATCH", url: string, payload: object) =>
  t().app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

const member = (over: Record<string, unknown> = {}) => ({
  name: "Kavita Iyer",
  position: "Head of Consulting & Advisory",
  image: null,
  description: "",
  sort_order: 0,
  ...over,
});

const slugOf = async (id: number) =>
  (await t().app.database.db.select().from(teamMembers).where(eq(teamMembers.id, id)))[0]!.slug;

describe("a team member's portrait", () => {
  it("is an upload or a site image, never another site's address (also spelt /\\host) nor an API path", async () => {
    for (const image of [
      "/\\evil.example/x.png",
      "https://evil.example/track.gif",
      "/api/auth/logout",
      "/refresh_token",
      "javascript:alert(1)",
    ]) {
      const res = await call("POST", "/api/team_members", member({ name: "Mallory", image }));
      expect(res.statusCode, image).toBe(400);
      expect(res.json().message, image).toMatch(/uploaded image/);
    }
    const ok = await call(
      "POST",
      "/api/team_members",
      member({ name: "Asha Rao", image: "/images/team/member-1.svg" }),
    );
    expect(ok.json().data.image).toBe("/images/team/member-1.svg");
    const cleared = await call(
      "PATCH",
      `/api/team_members/${ok.json().data.id}`,
      member({ name: "Asha Rao", image: "" }),
    );
    expect(cleared.json().data.image).toBeNull();
  });
});

describe("a team member's page address", () => {
  it("is made from the name, with -2, -3 for a name another member has, and kept on an edit that leaves it empty", async () => {
    const first = await call("POST", "/api/team_members", member({ name: "Rohan Kapoor" }));
    expect(first.statusCode).toBe(201);
    expect(first.json().data.slug).toBe("rohan-kapoor");
    const second = await call("POST", "/api/team_members", member({ name: "Rohan  Kapoor!" }));
    expect(second.json().data.slug).toBe("rohan-kapoor-2");
    const third = await call("POST", "/api/team_members", member({ name: "Rohan Kapoor", slug: "" }));
    expect(third.json().data.slug).toBe("rohan-kapoor-3");

    const id = first.json().data.id as number;
    const edit = await call(
      "PATCH",
      `/api/team_members/${id}`,
      member({ name: "Rohan K. Kapoor", slug: "" }),
    );
    expect(edit.statusCode).toBe(200);
    expect(await slugOf(id)).toBe("rohan-kapoor");
  });

  it("takes the address an editor types, and refuses one another member has with a message on the field", async () => {
    const a = await call("POST", "/api/team_members", member({ name: "Neha Bansal", slug: "neha" }));
    expect(a.json().data.slug).toBe("neha");
    const b = await call("POST", "/api/team_members", member({ name: "Neha B.", slug: "neha-b" }));
    const before = await t().app.database.db.$count(teamMembers);

    const taken = await call("POST", "/api/team_members", member({ name: "Another Neha", slug: "neha" }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      "Another team member's page is already at /leadership/neha. Choose another address.",
    );
    expect(taken.json().errors).toEqual({ slug: "Another team member already has this page address" });
    expect(await t().app.database.db.$count(teamMembers)).toBe(before);

    const moved = await call("PATCH", `/api/team_members/${b.json().data.id}`, member({ slug: "neha" }));
    expect(moved.statusCode).toBe(409);
    expect(await slugOf(b.json().data.id)).toBe("neha-b");
  });

  it("refuses an address that is not lower-case words joined by single hyphens", async () => {
    for (const slug of ["Neha", "neha--b", "-neha", "neha/../x", "नेहा", "a".repeat(81)]) {
      const res = await call("POST", "/api/team_members", member({ slug }));
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().message, slug).toMatch(/^slug: /);
    }
  });
});

describe("a team member's LinkedIn link", () => {
  it("is saved when it is a https://www.linkedin.com/ profile, and empty means none", async () => {
    const url = "https://www.linkedin.com/in/kavita-iyer-01/";
    const res = await call("POST", "/api/team_members", member({ name: "Kavita L", linkedin: url }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.linkedin).toBe(url);
    const none = await call("POST", "/api/team_members", member({ name: "Kavita N", linkedin: "" }));
    expect(none.json().data.linkedin).toBeNull();
  });

  it("refuses any other address with a message saying what to enter", async () => {
    for (const linkedin of [
      "http://www.linkedin.com/in/kavita",
      "https://linkedin.com/in/kavita",
      "https://www.linkedin.com.evil.example/in/kavita",
      "https://www.linkedin.com/",
      "https://www.linkedin.com/in/kavita?trk=x",
      "https://www.linkedin.com:8443/in/kavita",
      "javascript:alert(1)//https://www.linkedin.com/in/x",
      "https://evil.example/https://www.linkedin.com/in/x",
    ]) {
      const res = await call("POST", "/api/team_members", member({ name: "Bad Link", linkedin }));
      expect(res.statusCode, linkedin).toBe(400);
      expect(res.json().message, linkedin).toBe(
        "linkedin: Enter a LinkedIn address that starts https://www.linkedin.com/, such as https://www.linkedin.com/in/your-name",
      );
    }
  });
});

describe("a team member's photo", () => {
  const upload = (content: Buffer, query: string, filename = "my-holiday-face.jpg") => {
    const boundary = "----team-photo-boundary";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t().app.inject({
      method: "POST",
      url: `/api/uploads${query}`,
      payload: body,
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${token}`,
      },
    });
  };
  const landscape = () =>
    sharp({ create: { width: 1800, height: 1200, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .withMetadata({ exif: { IFD0: { Artist: "Camera Owner" } } })
      .jpeg()
      .toBuffer();

  it("is re-encoded by the server, cropped square, as AVIF and WebP under a name the server chose", async () => {
    const res = await upload(await landscape(), "?shape=square");
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.url).toMatch(/^\/media\/[0-9a-f]{32}\/600\.webp$/);
    expect(data.url).not.toContain("holiday");
    expect([data.width, data.height]).toEqual([600, 600]);
    const files = await t()
      .app.database.db.select({ file: mediaFiles.file, bytes: mediaFiles.bytes })
      .from(mediaFiles)
      .where(eq(mediaFiles.id, data.id));
    expect(files.map((f) => f.file).sort()).toEqual(["300.avif", "300.webp", "600.avif", "600.webp"]);
    for (const f of files) {
      const meta = await sharp(f.bytes).metadata();
      const side = Number(f.file.split(".")[0]);
      expect([meta.width, meta.height], f.file).toEqual([side, side]);
      expect(meta.format).toBe(f.file.endsWith(".avif") ? "heif" : "webp");
      expect(meta.exif, f.file).toBeUndefined();
    }
    // Served as the page asks for it: the AVIF beside the WebP.
    const avif = await t().app.inject({ method: "GET", url: data.url.replace(/\.webp$/, ".avif") });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers["content-type"]).toBe("image/avif");
  });

  it("keeps its own side when smaller than 600 pixels, and refuses an unknown shape", async () => {
    const small = await sharp({
      create: { width: 400, height: 500, channels: 3, background: { r: 10, g: 10, b: 10 } },
    })
      .jpeg()
      .toBuffer();
    const res = await upload(small, "?shape=square");
    expect(res.json().data.url).toMatch(/\/400\.webp$/);
    const round = await upload(small, "?shape=round");
    expect(round.statusCode).toBe(400);
    expect(round.json().message).toMatch(/^shape: /);
  });
});
