import { afterAll, describe, expect, it } from "vitest";
import { samplePdf } from "../../tests/support/cv-files";
import { pdfSamples } from "../../tests/support/hostile-cvs";
import { createFileInspector } from "./inspection";

describe("file inspection in worker threads", () => {
  // 20 ms: less than the object stream bomb takes to inflate 32 MB, more than a small PDF needs.
  const inspector = createFileInspector({ timeLimitMs: 20, threads: 1 });
  afterAll(() => inspector.close());

  it("refuses a check that outlasts its time limit with a 4xx the sender can act on, then checks the next file", async () => {
    await inspector.run({ kind: "cv", bytes: samplePdf() });
    const refused = await inspector.run({ kind: "cv", bytes: pdfSamples.objectStreamBomb() }).catch((e) => e);
    expect(refused).toMatchObject({
      statusCode: 400,
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
      statusCode: 400,
      message:
        "This file contains web page code and was refused. Upload a plain JPEG, PNG, WebP or AVIF image.",
    });
    await expect(
      inspector.run({ kind: "csv", bytes: Buffer.from("Name\n\u0000\n"), maxRows: 10, maxColumns: 10 }),
    ).rejects.toMatchObject({ statusCode: 422, fields: { file: expect.stringContaining("NUL bytes") } });
  });

  it("runs checks off the event loop: timers keep firing while a 5 MB PDF is read", async () => {
    const slow = createFileInspector({ threads: 1 });
    try {
      await slow.run({ kind: "cv", bytes: samplePdf() });
      const gaps: number[] = [];
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        gaps.push(now - last);
        last = now;
      }, 5);
      await slow
        .run({ kind: "cv", bytes: pdfSamples.noObjects(5 * 1024 * 1024 - 100) })
        .catch(() => undefined);
      await slow.run({ kind: "cv", bytes: pdfSamples.objectStreamBomb() }).catch(() => undefined);
      clearInterval(timer);
      // The same reads on this thread hold it for hundreds of milliseconds; here no gap comes near that.
      expect(Math.max(...gaps)).toBeLessThan(150);
    } finally {
      await slow.close();
    }
  });
});
