import { api } from "~/lib/dashboard/api";
import { toast } from "~/lib/toast";

/** Downloads `${endpoint}/export.csv` for the list's current query as `<dataKey>-<today>.csv`. */
export async function downloadCsv(endpoint: string, query: string, dataKey: string) {
  try {
    const csv = await api<string>(`${endpoint}/export.csv?${query}`);
    const url = URL.createObjectURL(new Blob([csv], { type: "text/csv" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `${dataKey}-${new Date().toISOString().slice(0, 10)}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  } catch (error) {
    toast.error(error instanceof Error ? error.message : "Export failed");
  }
}
