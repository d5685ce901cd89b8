import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deflateSync } from "node:zlib";
import { multipartBody, pdf, pdfPages, pdfStream, wordDocument, zip } from "../support/cv-files";
import { json, signIn, sleep, spawnServer, type ServerProcess } from "./support";

/**
 * The worst file we can make for each check of uploaded bytes (CV as PDF, CV as DOCX, image, CSV), sent to
 * the built server while /healthz is asked every few milliseconds. Inspection runs in a worker thread
 * (domain/files/inspection.ts), so the answers to /healthz stay as quick as they are without uploads.
 * Before, the PDF check's regular expression held the event loop for seconds (quadratic in the file), the
 * DOCX check inflated and searched [Content_Types].xml on it, and a CSV of long rows was staged in 5 MB
 * statements that the embedded database runs on the server's own thread.
 */
let server: ServerProcess;
let token = "";
let jobId = 0;

beforeAll(async () => {
  // Behind a trusted proxy, so each upload can come from its own address (the bytes budget is per address).
  server = await spawnServer({ env: { LOG_LEVEL: "error", TRUST_PROXY: "true" } });
  token = await signIn(server.url);
  const res = await fetch(
    `${server.url}/api/jobs`,
    json(
      {
        job_title: "Payroll Lead",
        company: "GCC View 360",
        location: "Pune",
        salary: "",
        employment_type: "FULL_TIME",
        job_description: "<p>Payroll</p>",
        responsibilities: ["Run payroll"],
        requirements: ["Care"],
        apply_link: null,
        status: "open",
        valid_through: null,
      },
      token,
    ),
  );
  jobId = ((await res.json()) as { data: { id: number } }).data.id;
});

afterAll(async () => {
  await server?.stop();
});

/**
 * /healthz asked back to back (a few ms apart) until `until` settles and at least `minimum` times;
 * `onEnough` is called once SAMPLES answers are in.
 */
async function sampleHealth(until: Promise<unknown>, minimum = 0, onEnough = () => {}): Promise<number[]> {
  let settled = false;
  void until.finally(() => (settled = true)).catch(() => undefined);
  const times: number[] = [];
  while (!settled || times.length < minimum) {
    if (times.length === SAMPLES) onEnough();
    const started = performance.now();
    const res = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    await sleep(5);
  }
  return times;
}

/** Answers to /healthz per upload check: p99 is then their third slowest, so one hiccup does not decide. */
const SAMPLES = 300;
const p99 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.99) - 1]!;

async function post(path: string, form: ReturnType<typeof multipartBody>, auth = false) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    body: form.body,
    headers: {
      "content-type": form.contentType,
      accept: "application/json",
      "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
      ...(auth ? { authorization: `Bearer ${token}` } : {}),
    },
    signal: AbortSignal.timeout(170_000),
  });
  return { status: res.status, body: await res.text() };
}

const application = (name: string, type: string, data: Buffer) =>
  post(
    `/api/jobs/${jobId}/applications`,
    multipartBody(
      {
        first_name: "Meera",
        last_name: "Iyer",
        email: `meera${randomBytes(4).toString("hex")}@example.com`,
        phone: "98765 43210",
        consent_processing: "on",
      },
      [{ field: "cv", name, type, data }],
    ),
  );

/** XML text with a little randomness: it packs 10-25:1, within the 200:1 limit, as real text does. */
function looselyPacked(chars: number, unit: string) {
  const parts: string[] = [];
  for (let size = 0; size < chars; size += unit.length + 4) parts.push(unit, randomBytes(2).toString("hex"));
  return parts.join("");
}

const WORD_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>';

interface Check {
  /** The files sent, each twice, one after another. */
  inputs: () => Promise<Buffer[]> | Buffer[];
  send: (data: Buffer) => ReturnType<typeof post>;
}

const WORST: Record<string, Check> = {
  "CV as PDF": {
    inputs: () => [
      // The shape that stalled the old check: a run of digits and no object (quadratic: 60,000 took seconds).
      Buffer.from(
        `%PDF-1.4\n${"1".repeat(60_000)}\n${"/a#41 (x) <<>> [] 1.5 ".repeat(200_000)}\nstartxref\n%%EOF\n`,
        "latin1",
      ),
      // Every kind of token the reader handles, an object stream that inflates to 30 MB (the budget is 32),
      // and an /XFA name that refuses it once all is read (an accepted CV is stored, not measured here).
      pdf([
        ...pdfPages({ catalog: "/AcroForm << /XFA 9 0 R >>" }),
        `[${"/a#41 (x) <48> <<>> [] 1.5 R ".repeat(100_000)}]`,
        pdfStream(
          "/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode",
          deflateSync(
            Buffer.concat([
              Buffer.from("9 0\n[", "latin1"),
              Buffer.alloc(30 * 1024 * 1024, 0x20),
              Buffer.from("]"),
            ]),
          ),
        ),
      ]),
    ],
    send: (data) => application("cv.pdf", "application/pdf", data),
  },
  // 48 MB of XML (the budget is 50) in [Content_Types].xml and the document (2.9 MB packed): all of it
  // inflated and read, and a DDE field at the very end, so it is refused (an accepted CV is stored, and
  // storing is not what this measures).
  "CV as DOCX": {
    inputs: () => [
      zip([
        {
          name: "[Content_Types].xml",
          data: `${WORD_TYPES}${looselyPacked(20 * 1024 * 1024, "<Default/>".repeat(4))}</Types>`,
        },
        {
          name: "word/document.xml",
          data: wordDocument(
            looselyPacked(
              28 * 1024 * 1024,
              '<w:r><w:fldChar w:fldCharType="begin"/><w:instrText>PAGE &amp;</w:instrText></w:r>',
            ),
            '<w:fldSimple w:instr="DDEAUTO cmd"/>',
          ),
        },
      ]),
    ],
    send: (data) =>
      application("cv.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", data),
  },
  // A real JPEG followed by 9.9 MB of near-misses for the markup scan ("<htm" is no tag).
  image: {
    inputs: async () => [
      Buffer.concat([
        await sharp({ create: { width: 64, height: 64, channels: 3, background: "#468" } })
          .jpeg()
          .toBuffer(),
        Buffer.from("<htm".repeat(2_470_000), "latin1"),
      ]),
    ],
    send: (data) =>
      post(
        "/api/uploads",
        multipartBody({}, [{ field: "file", name: "photo.jpg", type: "image/jpeg", data }]),
        true,
      ),
  },
  // The reader's worst: 2.4 million rows (read, counted, refused: an import takes 10,000), and quoted cells
  // with doubled quotes and line breaks up to the 100,000-character row limit. Refused files are not staged:
  // staging accepted rows is storage, measured apart (docs/decisions/0017-file-inspection-off-the-event-loop.md).
  CSV: {
    inputs: () => [
      Buffer.from(`Name,Phone number,Status\n${"x,1,HOT\n".repeat(600_000)}`),
      Buffer.from(
        `Name,Phone number,Status\n${`"${'a""\n'.repeat(24_000)}",1,HOT\n`.repeat(40)}x${"y".repeat(100_001)}\n`,
      ),
    ],
    send: (data) =>
      post(
        "/api/imports?type=leads",
        multipartBody({}, [{ field: "file", name: "leads.csv", type: "text/csv", data }]),
        true,
      ),
  },
};

describe("the worst upload for each check leaves /healthz answering", () => {
  it.each(Object.keys(WORST))("%s", async (check) => {
    const { inputs, send } = WORST[check]!;
    const files = await inputs();
    // Without uploads, on this machine now: the yardstick for the machine's own load.
    const baseline = await sampleHealth(sleep(0), SAMPLES);
    const answers: string[] = [];
    let enough = false;
    const uploads = (async () => {
      // Every file at least twice, and on until /healthz has been asked 300 times.
      for (let round = 0; round < 2 || !enough; round++)
        for (const data of files) answers.push(`${(await send(data)).status}`);
    })();
    const during = await sampleHealth(
      uploads.finally(() => undefined),
      0,
      () => (enough = true),
    );
    await uploads;
    const report = `${check}: ${files.map((f) => f.length).join(" and ")} bytes, answers ${answers.join(" ")}; /healthz p99 ${p99(during).toFixed(0)} ms over ${during.length} (max ${Math.max(...during).toFixed(0)} ms), without uploads ${p99(baseline).toFixed(0)} ms`;
    console.log(report);
    // Each upload is answered (refused or taken), never left hanging or failing with 5xx.
    expect(
      answers.every((status) => Number(status) < 500),
      report,
    ).toBe(true);
    // The machine is shared: the bound is 100 ms more than /healthz takes on it without uploads.
    expect(p99(during), report).toBeLessThan(100 + p99(baseline));
  });
});
