import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, type ImportSpec } from "#schemas/imports.ts";
import { Spinner } from "../spinner";

const MB = MAX_IMPORT_BYTES / 1024 / 1024;

/** Step 1: what a file must be, which columns are read, and the file input. */
export function ChooseFile({
  spec,
  reading,
  error,
  onFile,
}: {
  spec: ImportSpec;
  /** The name of the file being uploaded and read. */
  reading: string | null;
  error: string | null;
  onFile: (file: File) => void;
}) {
  const key = spec.fields.find((f) => f.name === spec.key);
  return (
    <div className="grid gap-4 text-slate-700">
      <p>
        A CSV file of {spec.plural}, at most {MAX_IMPORT_ROWS.toLocaleString("en-IN")} rows and {MB} MB: from
        Excel, <em>Save As → CSV UTF-8</em>; from Google Sheets, <em>File → Download → CSV</em>. Your own
        sheet&apos;s headers and spellings are read by meaning (“Mobile No.”, “Make”, “U.P.”, “Tata Motors”,
        “10 wheeler”); you are asked about any value that is not recognised.
      </p>
      <p>
        {key
          ? `A row whose ${key.label.toLowerCase()} is already in the list updates that ${spec.noun} (or is skipped, as you choose next). A blank cell never replaces what is stored.`
          : `Every row adds a new ${spec.noun}.`}{" "}
        Nothing is saved until you have checked the rows and confirmed.
      </p>
      <details className="rounded-lg border border-slate-200 px-3 py-2">
        <summary className="cursor-pointer font-medium text-navy-900">Columns it reads</summary>
        <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
          {spec.fields.map((f) => (
            <li key={f.name}>
              {f.label}
              {f.required ? <span className="text-slate-600"> (needed for a new {spec.noun})</span> : null}
            </li>
          ))}
        </ul>
      </details>
      <div>
        <label htmlFor="import-file" className="block text-sm font-medium text-slate-700">
          CSV file
        </label>
        <input
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          disabled={reading !== null}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "import-file-error" : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again (after fixing it) reads it again.
            event.target.value = "";
            if (file) onFile(file);
          }}
          className="mt-1 block w-full rounded-lg border border-slate-300 text-sm file:mr-3 file:border-0 file:bg-navy-900 file:px-3 file:py-2 file:font-semibold file:text-white"
        />
        {reading ? (
          <p className="mt-2 text-sm">
            <Spinner label={`Reading ${reading}…`} />
          </p>
        ) : null}
        {error ? (
          <p id="import-file-error" role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A file the server would refuse for its size, told before it is sent. */
export const tooLargeMessage = (file: File) =>
  file.size > MAX_IMPORT_BYTES
    ? `${file.name} is larger than ${MB} MB. Split it into smaller files (10,000 rows at most each) and import them one by one.`
    : null;
