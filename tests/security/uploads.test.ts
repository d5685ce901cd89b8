import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { postInTwoWrites, rawGet } from "../support/http";
import { baseURL, LEAK, signIn } from "./support";

/**
 * Hostile uploads over HTTP against the running server: markup (SVG with script, HTML renamed .jpg, a
 * JPEG/HTML polyglot), oversized and zero-byte files, a pixel flood, and file names that try to leave the
 * folder or point elsewhere. All refused with a 4xx that says why; a real image is re-encoded and served
 * as an image that no browser will sniff into HTML.
 */
let token = "";
beforeAll(async () => {
  token = await signIn(baseURL());
});

/** A multipart body built by hand, so the file name reaches the server exactly as written. */
async function upload(content: Buffer, filename = "photo.jpg", type = "image/jpeg") {
  const boundary = "----gcc-security-boundary";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await fetch(`${baseURL()}/api/uploads`, {
    method: "POST",
    body,
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    message: (() => {
      try {
        return String((JSON.parse(text) as { message?: string }).message);
      } catch {
        return text;
      }
    })(),
  };
}

/** The same multipart upload in two writes 300 ms apart, split `split` bytes into the file. */
function uploadInTwo(content: Buffer, split: number) {
  const boundary = "----gcc-security-boundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const cut = head.length + split;
  return postInTwoWrites(baseURL(), "/api/uploads", body, cut, {
    "content-type": `multipart/form-data; boundary=${boundary}`,
    authorization: `Bearer ${token}`,
  });
}

const jpeg = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: "#468" } })
    .jpeg()
    .toBuffer();

describe("hostile uploads", () => {
  it.each([
    [
      "an SVG with a script",
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>',
        ),
      "logo.svg",
      "image/svg+xml",
    ],
    [
      "an SVG sent as image/png",
      () =>
        Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
      "logo.png",
      "image/png",
    ],
    [
      "HTML renamed .jpg",
      () => Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"),
      "photo.jpg",
      "image/jpeg",
    ],
    [
      "a JPEG/HTML polyglot",
      async () =>
        Buffer.concat([
          await jpeg(64, 64),
          Buffer.from("<html><script>alert(document.cookie)</script></html>"),
        ]),
      "photo.jpg",
      "image/jpeg",
    ],
    [
      "a JPEG with HTML in a comment segment",
      async () => {
        const j = await jpeg(64, 64);
        const com = Buffer.from("<iframe src=javascript:alert(1)>");
        const seg = Buffer.concat([Buffer.from([0xff, 0xfe, 0, com.length + 2]), com]);
        return Buffer.concat([j.subarray(0, 2), seg, j.subarray(2)]);
      },
      "photo.jpg",
      "image/jpeg",
    ],
    ["a zero-byte file", () => Buffer.alloc(0), "empty.jpg", "image/jpeg"],
    ["a text file", () => Buffer.from("just some text"), "notes.jpg", "image/jpeg"],
    [
      "a GIF (not an accepted format)",
      () => Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
      "anim.gif",
      "image/gif",
    ],
  ] as const)("refuses %s", async (_name, make, filename, type) => {
    const res = await upload(await make(), filename, type);
    expect(res.status, res.text).toBe(400);
    expect(res.message).toMatch(/\.$/);
    expect(res.text).not.toMatch(LEAK);
  });

  it("refuses a file over 10 MB with 413", async () => {
    const res = await upload(Buffer.alloc(10 * 1024 * 1024 + 100, 0xff));
    expect(res.status).toBe(413);
    expect(res.message).toBe("Images must be 10 MB or smaller.");
  });

  it("answers 413 to twelve uploads over 10 MB in a row, however their bytes arrive", async () => {
    // Six through fetch at sizes around the limit, six in two writes 300 ms apart that split the file at,
    // just before or just after 10 MB (exactly at the limit the cut used to go unnoticed: 400).
    const limit = 10 * 1024 * 1024;
    const answers: string[] = [];
    for (const extra of [1, 100, 65_536, 512 * 1024, 1024 * 1024, 5 * 1024 * 1024]) {
      const res = await upload(Buffer.alloc(limit + extra, 0xff));
      answers.push(`${res.status} ${res.message}`);
    }
    for (const split of [limit, limit, limit - 1, limit + 1, limit, limit + 65_536]) {
      answers.push(await uploadInTwo(Buffer.alloc(limit + 5000, 0xff), split));
    }
    expect(answers).toEqual(Array(12).fill("413 Images must be 10 MB or smaller."));
  });

  it("refuses a 7,000 × 7,000 PNG (49 megapixels in 200 KB) with a message naming the limit", async () => {
    const flood = await sharp({ create: { width: 7_000, height: 7_000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(flood, "flood.png", "image/png");
    expect(res.status, res.text).toBe(400);
    expect(res.message).toBe(
      "This image is 7,000 × 7,000 pixels (49 megapixels); images can have at most 25 megapixels. Scale it down (1600 pixels wide is plenty) and try again.",
    );
  });

  it("refuses a pixel flood (a small file that decodes to a huge image)", async () => {
    const flood = await sharp({ create: { width: 8_000, height: 8_000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(flood.length).toBeLessThan(10 * 1024 * 1024);
    const res = await upload(flood, "flood.png", "image/png");
    expect(res.status, res.text).toBe(400);
  });

  it.each([
    "../../etc/passwd.jpg",
    "..\\..\\windows\\win.ini.jpg",
    "a/b.jpg",
    "/etc/passwd",
    "/proc/self/root/etc/passwd.jpg",
    "C:\\boot.ini.jpg",
    "....//....//etc/passwd.jpg",
    "%2e%2e%2f%2e%2e%2fetc%2fpasswd.jpg",
    "..%5c..%5cwin.ini.jpg",
    "photo.jpg%00.html",
    "photo.jpg\u0000.html",
    "link\u0001.jpg",
  ])("refuses the file name %j", async (name) => {
    const res = await upload(await jpeg(), name);
    expect(res.status, res.text).toBe(400);
    expect(res.message).toBe("The file name is not allowed. Rename the file and try again.");
  });

  it("stores a real image under its own name and serves it as an image, never as HTML", async () => {
    const res = await upload(await jpeg(1200, 800), "page.html", "text/html");
    expect(res.status, res.text).toBe(201);
    const data = (JSON.parse(res.text) as { data: { id: string; url: string } }).data;
    expect(data.url).toMatch(/^\/media\/[0-9a-f]{32}\/\d+\.webp$/);
    expect(res.text).not.toContain("page.html");
    const served = await fetch(`${baseURL()}${data.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toContain("immutable");
    for (const probe of [
      `/media/${data.id}/../../etc/passwd`,
      `/media/${data.id}/960.html`,
      `/media/${data.id}/%2e%2e%2fpasswd`,
      "/media/..%2f..%2fetc%2fpasswd/x.webp",
    ]) {
      expect((await rawGet(baseURL(), probe)).status, probe).toBe(404);
    }
  });

  it("refuses an upload without a token", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await jpeg())], { type: "image/jpeg" }), "a.jpg");
    expect((await fetch(`${baseURL()}/api/uploads`, { method: "POST", body: form })).status).toBe(401);
  });
});
