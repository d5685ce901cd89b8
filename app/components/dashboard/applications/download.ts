import { call, type ResourcePath } from "#app/lib/dashboard/api.ts";
import { getSession } from "#app/lib/dashboard/session.ts";
import { toast } from "#app/lib/toast.tsx";

/** Saves a signed-in download (the CV, the candidate data zip) under the name the server gives it. */
export async function download(path: ResourcePath, fallbackName: string) {
  const send = () =>
    fetch(path, {
      headers: { authorization: `Bearer ${getSession()?.token ?? ""}` },
      credentials: "same-origin",
    });
  let res = await send();
  // An expired token: one API call refreshes it (lib/dashboard/api.ts), then the download is tried again.
  if (res.status === 401) {
    await call("GET /api/auth/me").catch(() => null);
    res = await send();
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    toast.error(body.message ?? `Download failed (${res.status})`);
    return;
  }
  const disposition = res.headers.get("content-disposition") ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = encoded ? decodeURIComponent(encoded) : fallbackName;
  link.click();
  URL.revokeObjectURL(url);
}
