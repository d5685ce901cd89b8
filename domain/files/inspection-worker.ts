import { setPriority } from "node:os";
import { checkCvContent, type CheckedCv } from "../careers/cv-file";
import { DomainError, type DomainErrorCode } from "../errors";
import { readCsv, type CsvUpload } from "../imports/csv-reader";
import { checkImageContent } from "../media/image-content";

/** What the pool asks a thread to inspect (domain/files/inspection.ts). */
export type InspectionTask =
  | { kind: "ready" }
  | { kind: "cv"; bytes: Uint8Array }
  | { kind: "image"; bytes: Uint8Array }
  | { kind: "csv"; bytes: Uint8Array; maxRows: number; maxColumns: number };

/** A refusal crosses the thread as data: an Error subclass would arrive as a plain Error. */
export type InspectionAnswer =
  | { ok: true; kind: "ready"; value: null }
  | { ok: true; kind: "cv"; value: CheckedCv }
  | { ok: true; kind: "image"; value: null }
  | { ok: true; kind: "csv"; value: CsvUpload }
  | { ok: false; code: DomainErrorCode; message: string };

// On Linux this lowers this thread alone (elsewhere it would be the whole process): on a machine with
// few cores the event loop gets the CPU first, and a long check waits instead of slowing every request.
if (process.platform === "linux") setPriority(19);

const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Runs in a worker thread: one check, answered as data. Anything but a refusal is a fault, thrown. */
export default function inspect(task: InspectionTask): InspectionAnswer {
  try {
    switch (task.kind) {
      case "ready":
        return { ok: true, kind: "ready", value: null };
      case "cv":
        return { ok: true, kind: "cv", value: checkCvContent(bufferOf(task.bytes)) };
      case "image":
        checkImageContent(task.bytes);
        return { ok: true, kind: "image", value: null };
      case "csv":
        return { ok: true, kind: "csv", value: readCsv(task.bytes, task) };
    }
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
