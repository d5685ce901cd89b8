import { ImagePlus, X } from "lucide-react";
import { useRef, useState } from "react";
import { Spinner } from "#app/components/dashboard/spinner.tsx";
import { call } from "#app/lib/dashboard/api.ts";
import { toast } from "#app/lib/toast.tsx";
import { MAX_IMAGES } from "#schemas/logistics.ts";

/**
 * Up to 10 listing photos: each file goes to POST /api/uploads (re-encoded there) and its `url` is kept.
 * Removing a thumbnail takes the image out of the shown list and, on save, out of the stored list.
 */
export function ImageField({
  images,
  onChange,
  error,
}: {
  images: string[];
  onChange: (images: string[]) => void;
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const room = MAX_IMAGES - images.length;

  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    const chosen = [...files].slice(0, room);
    if (files.length > room)
      toast.error(`A listing holds at most ${MAX_IMAGES} images; ${files.length - room} not added.`);
    setUploading(chosen.length);
    const added: string[] = [];
    for (const file of chosen) {
      const form = new FormData();
      form.append("file", file);
      try {
        const answer = await call("POST /api/uploads", { body: form });
        added.push(answer.data.url);
      } catch (e) {
        toast.error(`${file.name}: ${e instanceof Error ? e.message : "upload failed"}`);
      }
      setUploading((n) => n - 1);
    }
    if (added.length) onChange([...images, ...added]);
    if (input.current) input.current.value = "";
  };

  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium text-slate-700">
        Photos{" "}
        <span className="font-normal text-slate-500">
          ({images.length} of {MAX_IMAGES})
        </span>
      </legend>
      <ul className="mt-2 flex flex-wrap gap-3" aria-label="Listing photos">
        {images.map((url, i) => (
          <li key={url} className="relative">
            <img
              src={url}
              alt={`Photo ${i + 1}`}
              className="h-20 w-28 rounded-lg border border-slate-200 object-cover"
              loading="lazy"
            />
            <button
              type="button"
              onClick={() => onChange(images.filter((u) => u !== url))}
              className="absolute -right-2 -top-2 rounded-full bg-white p-1 text-red-700 shadow ring-1 ring-slate-200 hover:bg-red-50"
              aria-label={`Remove photo ${i + 1}`}
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
        {room > 0 ? (
          <li>
            <label className="flex h-20 w-28 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-slate-300 text-xs text-slate-600 hover:border-brand-500 hover:text-brand-700 focus-within:border-brand-500">
              {uploading ? <Spinner /> : <ImagePlus aria-hidden="true" className="size-5" />}
              {uploading ? `Uploading ${uploading}…` : "Add photos"}
              <input
                ref={input}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif"
                multiple
                className="sr-only"
                onChange={(e) => upload(e.target.files)}
                disabled={uploading > 0}
              />
            </label>
          </li>
        ) : null}
      </ul>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}
