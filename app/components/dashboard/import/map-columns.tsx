import type { ImportMode, ImportSpec, StagedImport } from "#schemas/imports.ts";
import type { Plan } from "./import-api";

/** Required fields no column is imported as. */
export const missingFields = (spec: ImportSpec, mapping: (string | null)[]) =>
  spec.fields.filter((f) => f.required && !mapping.includes(f.name)).map((f) => f.label);

/** A column's first values, to recognise it by. */
const samplesOf = (staged: StagedImport, column: number) =>
  staged.samples
    .map((row) => row[column]?.trim() ?? "")
    .filter(Boolean)
    .join(", ");

/** Step 2: the field each column is imported as (suggested from its header), and what existing records get. */
export function MapColumns({
  spec,
  staged,
  plan,
  onPlan,
}: {
  spec: ImportSpec;
  staged: StagedImport;
  plan: Plan;
  onPlan: (plan: Plan) => void;
}) {
  const missing = missingFields(spec, plan.mapping);
  const key = spec.fields.find((f) => f.name === spec.key);
  // A field goes to one column: choosing it for another leaves the first unimported.
  const choose = (column: number, field: string | null) =>
    onPlan({
      ...plan,
      mapping: plan.mapping.map((current, i) =>
        i === column ? field : field !== null && current === field ? null : current,
      ),
    });
  const modes: { value: ImportMode; label: string }[] = [
    {
      value: "update",
      label: `Update that ${spec.noun} with the row's values (blank cells keep what is stored)`,
    },
    { value: "skip", label: "Skip the row" },
  ];
  const missingMembers = staged.missing_members;
  return (
    <div className="grid gap-4 text-slate-700">
      {missingMembers && missingMembers.phones > 0 ? (
        <div
          role="status"
          className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <p>
            {missingMembers.rows.toLocaleString("en-IN")}{" "}
            {missingMembers.rows === 1 ? "row names" : "rows name"}{" "}
            {missingMembers.phones === 1
              ? "a phone number no member has"
              : `${missingMembers.phones.toLocaleString("en-IN")} phone numbers no member has`}
            . A {spec.noun} belongs to the member with its phone number: without one, the row is refused.
          </p>
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              checked={plan.create_members}
              onChange={(event) => onPlan({ ...plan, create_members: event.target.checked })}
              className="mt-1"
            />
            <span>
              Create the missing members from the sheet&apos;s owner columns (name, company, state) in this
              import. Rows whose phone a member already has are linked to that member.
            </span>
          </label>
        </div>
      ) : null}
      <p>
        <span className="font-medium text-navy-900">{staged.file_name}</span>:{" "}
        {staged.row_count.toLocaleString("en-IN")} rows. Each column was matched to a field by its header;
        change any, or choose “Don&apos;t import”.
      </p>
      <ol className="grid gap-2" aria-label="Columns of the file">
        {staged.headers.map((header, column) => {
          const samples = samplesOf(staged, column);
          return (
            <li
              key={column}
              className="grid gap-2 rounded-lg border border-slate-200 px-3 py-2 sm:grid-cols-2 sm:items-center"
            >
              <div className="min-w-0">
                <label
                  htmlFor={`import-column-${column}`}
                  className="block break-words font-medium text-navy-900"
                >
                  {header}
                </label>
                {samples ? <p className="truncate text-xs text-slate-600">e.g. {samples}</p> : null}
              </div>
              <select
                id={`import-column-${column}`}
                value={plan.mapping[column] ?? ""}
                onChange={(event) => choose(column, event.target.value || null)}
                className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
              >
                <option value="">Don&apos;t import</option>
                {spec.fields.map((f) => (
                  <option key={f.name} value={f.name}>
                    {f.label}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ol>
      {missing.length > 0 ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          A new {spec.noun} needs {missing.join(", ")}: no column is imported as{" "}
          {missing.length === 1 ? "it" : "them"}, so rows that would add a {spec.noun} will be refused.
        </p>
      ) : null}
      {key ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium text-navy-900">
            When a row&apos;s {key.label.toLowerCase()} is already in the list
          </legend>
          {modes.map((mode) => (
            <label key={mode.value} className="flex items-start gap-2">
              <input
                type="radio"
                name="import-mode"
                value={mode.value}
                checked={plan.mode === mode.value}
                onChange={() => onPlan({ ...plan, mode: mode.value })}
                className="mt-1"
              />
              <span>{mode.label}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
