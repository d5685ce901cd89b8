import type { FastifyInstance } from "fastify";
import type { Database } from "#db/client.ts";
import { importBatches, importRows } from "#db/schema/index.ts";
import { importSpecs, suggestMapping, type ImportType } from "#schemas/imports.ts";
import { multipartBody } from "./cv-files";

/**
 * A staged upload written straight to the database (as POST /api/imports leaves one): its id and the
 * mapping its headers suggest. Default: two leads with fresh phone numbers.
 */
export async function stageImport(
  db: Database,
  {
    type = "leads",
    headers = ["Name", "Phone number", "Status"],
    rows,
  }: {
    type?: ImportType;
    headers?: string[];
    rows?: string[][];
  } = {},
) {
  const cells = rows ?? [
    ["Staged Lead", `97${String(Date.now() % 1e8).padStart(8, "0")}`, "HOT"],
    ["Staged Lead Two", `96${String(Date.now() % 1e8).padStart(8, "0")}`, "COLD"],
  ];
  const [batch] = await db
    .insert(importBatches)
    .values({ type, fileName: "staged.csv", headers, rowCount: cells.length, createdByName: "factory" })
    .returning({ id: importBatches.id });
  await db
    .insert(importRows)
    .values(cells.map((row, i) => ({ batchId: batch!.id, sheetRow: i + 2, cells: row })));
  return { id: batch!.id, mapping: suggestMapping(importSpecs[type], headers) };
}

/** What a commit's NDJSON answer holds: its progress lines and the last line. */
export interface CommitAnswer {
  status: number;
  progress: { done: number; total: number }[];
  last: {
    type: string;
    status?: number;
    message: string;
    data?: Record<string, unknown> & { counts: Record<string, number> };
  };
}

/** A check's or commit's plan as a test sends it (the API fills in what is left out). */
export interface TestPlan {
  mapping: (string | null)[];
  mode?: string;
  answers?: { field: string; text: string; value: string }[];
  create_members?: boolean;
}

/** Imports CSV text through the API as an operator: upload, then check and commit with a plan. */
export function importClient(app: FastifyInstance, token: () => string) {
  const headers = () => ({ authorization: `Bearer ${token()}` });
  return {
    upload(type: string, csv: string | Buffer, fileName = "upload.csv") {
      const { body, contentType } = multipartBody({}, [
        {
          field: "file",
          name: fileName,
          type: "text/csv",
          data: Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
        },
      ]);
      return app.inject({
        method: "POST",
        url: `/api/imports?type=${type}`,
        headers: { ...headers(), "content-type": contentType },
        payload: body,
      });
    },
    check(id: number, plan: TestPlan) {
      return app.inject({
        method: "POST",
        url: `/api/imports/${id}/check`,
        headers: headers(),
        payload: plan,
      });
    },
    async commit(id: number, plan: TestPlan): Promise<CommitAnswer> {
      const res = await app.inject({
        method: "POST",
        url: `/api/imports/${id}/commit`,
        headers: headers(),
        payload: plan,
      });
      if (!String(res.headers["content-type"]).startsWith("application/x-ndjson"))
        return { status: res.statusCode, progress: [], last: { ...res.json(), type: "error" } };
      const lines = res.body
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      return {
        status: res.statusCode,
        progress: lines.filter((l) => l.type === "progress"),
        last: lines.at(-1),
      };
    },
    undo(id: number) {
      return app.inject({ method: "POST", url: `/api/imports/${id}/undo`, headers: headers() });
    },
    failedRows(id: number) {
      return app.inject({ method: "GET", url: `/api/imports/${id}/failed_rows.csv`, headers: headers() });
    },
    /** Upload, then commit with the suggested mapping (or `mapping`): the commit's answer. */
    async importCsv(type: string, csv: string, options: { mode?: string; mapping?: (string | null)[] } = {}) {
      const uploaded = await this.upload(type, csv);
      if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
      const staged = uploaded.json().data as { id: number; mapping: (string | null)[] };
      return {
        id: staged.id,
        ...(await this.commit(staged.id, { mapping: options.mapping ?? staged.mapping, mode: options.mode })),
      };
    },
  };
}
