import { strFromU8, unzipSync } from "fflate";
import type { CandidateMail } from "#domain/careers/candidate-archive.ts";
import type { ApplicationDetail } from "#schemas/application.ts";

/** The files of a zip answer (an inject's `rawPayload`), by their path inside it (folders left out). */
export function zipEntries(bytes: Uint8Array): Record<string, Uint8Array> {
  return Object.fromEntries(Object.entries(unzipSync(bytes)).filter(([path]) => !path.endsWith("/")));
}

/** The candidate data export's application.json (inside the zip's one folder), parsed. */
export function exportedApplication(bytes: Uint8Array): ApplicationDetail & { mails: CandidateMail[] } {
  const entries = zipEntries(bytes);
  const name = Object.keys(entries).find((path) => path.endsWith("/application.json"));
  if (!name) throw new Error(`no application.json in the zip: ${Object.keys(entries).join(", ")}`);
  return JSON.parse(strFromU8(entries[name]!)) as ApplicationDetail & { mails: CandidateMail[] };
}
