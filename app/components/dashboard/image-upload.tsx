import { ImagePlus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { call } from "#app/lib/dashboard/api.ts";
import { toast } from "#app/lib/toast.tsx";
import { Spinner } from "./spinner";

export interface UploadedImage {
  url: string;
  srcset: string;
  width: number;
  height: number;
}

/** Uploads one image to /api/uploads (re-encoded by the server; `square`: cropped square) and reports its URL. */
export async function uploadImage(file: File, shape?: "square"): Promise<UploadedImage> {
  const form = new FormData();
  form.append("file", file);
  return (await call("POST /api/uploads", { body: form, query: shape ? { shape } : {} })).data;
}

export function ImageUpload({
  label,
  value,
  onChange,
  error,
  shape,
  hint,
}: {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string;
  /** "square": the server crops the image square (a portrait). */
  shape?: "square";
  hint?: string;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  return (
    <div>
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      <div className="mt-1 flex items-center gap-4">
        {value ? (
          <img
            src={value}
            alt=""
            className={`${shape === "square" ? "size-20" : "h-20 w-32"} rounded-lg border border-slate-200 object-cover`}
          />
        ) : (
          <div className="grid h-20 w-32 place-items-center rounded-lg border border-dashed border-slate-300 text-xs text-slate-500">
            No image
          </div>
        )}
        <label htmlFor={id} className="btn-secondary cursor-pointer">
          {busy ? <Spinner /> : <ImagePlus aria-hidden="true" className="size-4" />}{" "}
          {value ? "Replace image" : "Upload image"}
        </label>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          className="sr-only"
          disabled={busy}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (!file) return;
            setBusy(true);
            try {
              onChange((await uploadImage(file, shape)).url);
            } catch (err) {
              toast.error(err instanceof Error ? err.message : "Upload failed");
            } finally {
              setBusy(false);
            }
          }}
        />
        {value ? (
          <button type="button" className="btn text-red-700 hover:bg-red-50" onClick={() => onChange(null)}>
            <Trash2 aria-hidden="true" className="size-4" /> Remove
          </button>
        ) : null}
      </div>
      {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}
