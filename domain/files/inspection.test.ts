import { afterAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { docx, samplePdf, wordDocument } from "#tests/support/cv-files.ts";
import { createFileInspector } from "./inspection";

describe("file inspection in worker threads", () => {
  // Far more than a small PDF needs, far less than reading 40 MB of XML takes (over a second).
  const inspector = createFileInspector({ timeLimitMs: 300, threads: 1 });
  /** A DOCX of 40 MB of XML that packs about 20:1 (within the 200:1 limit), read to its end. */
  const heavyDocx = () => {
    const parts: string[] = [];
    for (let size = 0; size < 40 * 1024 * 1024; size += 84)
      parts.push("<w:r><w:t>PAGE</w:t></w:r>".repeat(3), randomBytes(2).toString("hex"));
    return docx({ document: wordDocument(parts.join("")) });
  };
  afterAll(() => inspector.close());

  it("refuses a check that outlasts its time limit with a 4xx the sender can act on, then checks the next file", async () => {
    const heavy = heavyDocx();
    await inspector.run({ kind: "cv", bytes: samplePdf() });
    const refused = await inspector.run({ kind: "cv", bytes: heavy }).catch((e) => e);
    expect(refused).toMatchObject({
      code: "invalid",
      message:
        "Checking this CV took too long, so it was not accepted. Save it again as PDF or Word (.docx) and upload it again.",
      fields: { cv: expect.stringContaining("took too long") },
    });
    // The thread that ran out of time was ended; a new one takes the next file.
    expect(await inspector.run({ kind: "cv", bytes: samplePdf() })).toEqual({
      kind: "pdf",
      contentType: "application/pdf",
    });
  });

  it("answers a refusal found in the thread with the status and field of its kind", async () => {
    await expect(
      inspector.run({ kind: "image", bytes: Buffer.from("<svg onload=alert(1)>") }),
    ).rejects.toMatchObject({
      code: "invalid",
      message:
        "This file contains web page code and was refused. Upload a plain JPEG, PNG, WebP or AVIF image.",
    });
    await expect(
      inspector.run({ kind: "csv", bytes: Buffer.from("Name\n\u0000\n"), maxRows: 10, maxColumns: 10 }),
    ).rejects.toMatchObject({
      code: "unprocessable",
      fields: { file: expect.stringContaining("NUL bytes") },
    });
  });
});
