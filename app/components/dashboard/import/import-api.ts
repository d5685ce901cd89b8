import { ApiError, call, request, sendLines } from "#app/lib/dashboard/api.ts";
import type { ImportBatch, ImportMode, ImportProgressLine, ImportType } from "#schemas/imports.ts";

export const IMPORTS = "/api/imports";

export interface Plan {
  mapping: (string | null)[];
  mode: ImportMode;
  /** The fix-values step's answers: a value as the file has it, and the option it means. */
  answers: { field: string; text: string; value: string }[];
  /** Make the members no record's phone matches from the rows' owner columns. */
  create_members: boolean;
}

export const uploadFile = async (type: ImportType, file: File) => {
  const form = new FormData();
  form.append("file", file);
  return (await call("POST /api/imports", { query: { type }, body: form })).data;
};

export const checkRows = async (id: number, plan: Plan) =>
  (await call("POST /api/imports/:id/check", { params: { id }, body: { ...plan } })).data;

/** Commits the import, reporting progress as the server writes it; answers the finished import. */
export async function commitImport(
  id: number,
  plan: Plan,
  onProgress: (done: number, total: number) => void,
): Promise<{ batch: ImportBatch; message: string }> {
  let result: { batch: ImportBatch; message: string } | null = null;
  await sendLines(request("POST /api/imports/:id/commit", { params: { id }, body: { ...plan } }), (text) => {
    const line = JSON.parse(text) as ImportProgressLine;
    if (line.type === "progress") onProgress(line.done, line.total);
    else if (line.type === "done") result = { batch: line.data, message: line.message };
    else throw new ApiError(line.status, line.message);
  });
  if (!result) throw new ApiError(500, "The import stopped before it finished; nothing was imported.");
  return result;
}

export const recentImports = async (type: ImportType) =>
  (await call("GET /api/imports", { query: { type } })).data;

export const undoImport = (id: number) => call("POST /api/imports/:id/undo", { params: { id } });
