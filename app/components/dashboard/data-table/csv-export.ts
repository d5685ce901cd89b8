import { resourceRequest, send, type ApiRequest, type ResourcePath } from "#app/lib/dashboard/api.ts";
import { toast } from "#app/lib/toast.tsx";
import { todayInIndia } from "#shared/india-time.ts";

/** Downloads a CSV answer of the console API as `fileName`; a failure is toasted. */
export async function saveCsv(request: ApiRequest<string>, fileName: string) {
  try {
    const csv = await send(request);
    // Reading the answer as text drops the server's byte order mark; Excel needs it to read UTF-8.
    const bom = csv.startsWith("\uFEFF") ? "" : "\uFEFF";
    const url = URL.createObjectURL(new Blob([bom, csv], { type: "text/csv;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.click();
    URL.revokeObjectURL(url);
  } catch (error) {
    toast.error(error instanceof Error ? error.message : "Download failed");
  }
}

/** Downloads `${endpoint}/export.csv` for the list's current query as `<dataKey>-<India date>.csv`. */
export const downloadCsv = (endpoint: ResourcePath, query: string, dataKey: string) =>
  saveCsv(
    resourceRequest("GET", endpoint, "/export.csv", { search: query }) as ApiRequest<string>,
    `${dataKey}-${todayInIndia()}.csv`,
  );
