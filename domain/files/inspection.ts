import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import Tinypool from "tinypool";
import { DomainError, type DomainErrorCode } from "../errors";
import { createWorkQueue } from "../work-queue";
import type { InspectionAnswer, InspectionTask } from "./inspection-worker";

/** How long one file's check may run; past it the worker is ended and the file refused (a 4xx). */
export const INSPECTION_TIME_LIMIT_MS = 5_000;
/** Checks that may wait for a free thread; more are refused as busy (each holds its file, up to 10 MB). */
export const MAX_WAITING_INSPECTIONS = 16;
/** Heap a checking thread may use; the checks keep their budgets far below it (docs/security.md). */
const WORKER_HEAP_MB = 256;

type FileTask = Exclude<InspectionTask, { kind: "ready" }>;
type Kind = FileTask["kind"];
type Value<K extends Kind> = Extract<InspectionAnswer, { ok: true; kind: K }>["value"];

/** How each kind of upload is refused: the code and field its route has always used. */
const refusal: Record<Kind, (message: string, code?: DomainErrorCode) => DomainError> = {
  cv: (message, code = "invalid") => new DomainError(code, message, { fields: { cv: message } }),
  image: (message, code = "invalid") => new DomainError(code, message),
  csv: (message, code = "unprocessable") => new DomainError(code, message, { fields: { file: message } }),
};
const TOO_LONG: Record<Kind, string> = {
  cv: "Checking this CV took too long, so it was not accepted. Save it again as PDF or Word (.docx) and upload it again.",
  image:
    "Checking this image took too long, so it was not accepted. Save it again as JPEG, PNG, WebP or AVIF and upload it again.",
  csv: "Checking this file took too long, so it was not accepted. Save it again as CSV UTF-8 and upload it again.",
};
const TOO_BIG: Record<Kind, string> = {
  cv: "This CV needs more memory to check than any CV should. Save it again as PDF or Word (.docx) and upload it again.",
  image: "This image needs more memory to check than any image should. Save it again and upload it again.",
  csv: "This file needs more memory to check than any CSV file should. Save it again as CSV UTF-8 and upload it again.",
};

/**
 * The worker's file: from source (tsx, Vitest) a loader for its TypeScript, in the build the file that
 * scripts/build.js emits beside the server's chunks.
 */
function workerFile(): string {
  const fromSource = fileURLToPath(import.meta.url).endsWith(".ts");
  return fileURLToPath(
    new URL(fromSource ? "./inspection-worker.source.mjs" : "./inspection-worker.js", import.meta.url),
  );
}

/**
 * A pool of worker threads that inspect uploaded bytes, so no check, however a file is shaped, holds the
 * event loop. At most `threads` checks run at once (one less than the cores, at least one), up to
 * MAX_WAITING_INSPECTIONS wait, and each has `timeLimitMs` from the moment a thread is free for it: past that
 * its thread is ended (whatever it was doing) and the file refused with a message the sender can act on.
 */
export function createFileInspector(options: { timeLimitMs?: number; threads?: number } = {}) {
  const timeLimitMs = options.timeLimitMs ?? INSPECTION_TIME_LIMIT_MS;
  const threads = options.threads ?? Math.max(1, availableParallelism() - 1);
  const filename = workerFile();
  let pool: Tinypool | null = null;
  const queue = createWorkQueue(
    threads,
    MAX_WAITING_INSPECTIONS,
    "The server is busy checking other files. Try again in a minute.",
  );
  const open = () =>
    (pool ??= new Tinypool({
      filename,
      minThreads: 0,
      maxThreads: threads,
      // A thread stays a while for the next upload, then gives its memory back.
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    }));

  async function run<T extends FileTask>(task: T): Promise<Value<T["kind"]>> {
    const kind: Kind = task.kind;
    const answer = await queue.run(async () => {
      const running = open();
      // A thread's start (up to a second from source) is not the file's time: one is started first.
      if (running.threads.length < threads) await running.run({ kind: "ready" });
      const signal = AbortSignal.timeout(timeLimitMs);
      try {
        return (await running.run(task, { signal })) as InspectionAnswer;
      } catch (error) {
        if (signal.aborted) throw refusal[kind](TOO_LONG[kind]);
        if ((error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY")
          throw refusal[kind](TOO_BIG[kind]);
        throw error;
      }
    });
    if (!answer.ok) throw refusal[kind](answer.message, answer.code);
    return answer.value as Value<T["kind"]>;
  }

  return {
    run,
    /** Ends the threads (tests; the server's idle threads never keep it running). */
    async close() {
      const closing = pool;
      pool = null;
      await closing?.destroy();
    },
  };
}

let shared: ReturnType<typeof createFileInspector> | null = null;

/** Inspects an upload in the shared pool (created with the first upload). */
export function inspectFile<T extends FileTask>(task: T): Promise<Value<T["kind"]>> {
  shared ??= createFileInspector();
  return shared.run(task);
}
