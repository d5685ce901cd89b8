import { api, apiLines, ApiError } from "~/lib/dashboard/api";
import type {
  ImportBatch,
  ImportCheck,
  ImportMode,
  ImportProgressLine,
  ImportType,
  StagedImport,
} from "../../../../schemas/imports";

export const IMPORTS = "/api/imports";

export interface Plan {
  mapping: (string | null)[];
  mode: ImportMode;
}

export const uploadFile = async (type: ImportType, file: File) => {
  const form = new FormData();
  form.append("file", file);
  return (await api<{ data: StagedImport }>(`${IMPORTS}?type=${type}`, { method: "POST", body: form })).data;
};

export const checkRows = async (id: number, plan: Plan) =>
  (await api<{ data: ImportCheck }>(`${IMPORTS}/${id}/check`, { method: "POST", body: { ...plan } })).data;

/** Commits the import, reporting progress as the server writes it; answers the finished import. */
export async function commitImport(
  id: number,
  plan: Plan,
  onProgress: (done: number, total: number) => void,
): Promise<{ batch: ImportBatch; message: string }> {
  let result: { batch: ImportBatch; message: string } | null = null;
  await apiLines(`${IMPORTS}/${id}/commit`, { method: "POST", body: { ...plan } }, (text) => {
    const line = JSON.parse(text) as ImportProgressLine;
    if (line.type === "progress") onProgress(line.done, line.total);
    else if (line.type === "done") result = { batch: line.data, message: line.message };
    else throw new ApiError(line.status, line.message);
  });
  if (!result) throw new ApiError(500, "The import stopped before it finished; nothing was imported.");
  return result;
}

export const recentImports = async (type: ImportType) =>
  (await api<{ data: ImportBatch[] }>(`${IMPORTS}?type=${type}`)).data;

export const undoImport = (id: number) =>
  api<{ message: string; data: ImportBatch }>(`${IMPORTS}/${id}/undo`, { method: "POST" });
