import type { ImportCheck, ImportSpec, StagedImport } from "#schemas/imports.ts";

export type Unrecognised = ImportCheck["unrecognised"][number];
/** The operator's choice per unrecognised value ("" leaves it: its rows are refused). */
export type Choices = Record<string, string>;
export const choiceKey = (u: Unrecognised) => `${u.field}\u0000${u.text}`;
/** The closest option is offered first: the operator confirms or changes it. */
export const initialChoices = (list: Unrecognised[]): Choices =>
  Object.fromEntries(list.map((u) => [choiceKey(u), u.suggestion ?? ""]));

/**
 * Step 3: each value of a choice column the import did not recognise, once, with how many rows have it
 * and a select of what it may be ("'U.P.' (23 rows) → Uttar Pradesh"). The answers are remembered for the
 * next import of this list.
 */
export function FixValues({
  spec,
  staged,
  unrecognised,
  choices,
  onChoices,
}: {
  spec: ImportSpec;
  staged: StagedImport;
  unrecognised: Unrecognised[];
  choices: Choices;
  onChoices: (choices: Choices) => void;
}) {
  const rows = unrecognised.reduce((sum, u) => sum + u.rows, 0);
  return (
    <div className="grid gap-4 text-slate-700">
      <p>
        {unrecognised.length === 1 ? "One value" : `${unrecognised.length.toLocaleString("en-IN")} values`} in{" "}
        {rows === 1 ? "one row" : `${rows.toLocaleString("en-IN")} rows`} matched none of the choices. Say
        what each means; the import remembers your answers for the next file. A value left as it is refuses
        its rows.
      </p>
      <ul className="grid gap-2" aria-label="Values to fix">
        {unrecognised.map((u, i) => {
          const field = spec.fields.find((f) => f.name === u.field);
          const id = `import-fix-${i}`;
          return (
            <li
              key={choiceKey(u)}
              className="grid gap-2 rounded-lg border border-slate-200 px-3 py-2 sm:grid-cols-2 sm:items-center"
              data-value={u.text}
            >
              <label htmlFor={id} className="min-w-0 break-words">
                <span className="font-medium text-navy-900">‘{u.text}’</span>{" "}
                <span className="text-slate-600">
                  ({u.rows === 1 ? "1 row" : `${u.rows.toLocaleString("en-IN")} rows`}, column{" "}
                  {staged.headers[u.column]}) → {field?.label ?? u.field}
                </span>
              </label>
              <select
                id={id}
                value={choices[choiceKey(u)] ?? ""}
                onChange={(event) => onChoices({ ...choices, [choiceKey(u)]: event.target.value })}
                className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
              >
                <option value="">Leave as is (rows refused)</option>
                {(field?.options ?? []).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * On the check step: the values read by an answer (remembered from an earlier import, or just given), so a
 * wrong answer can be seen and changed; Change opens the fix-values step with them and any still unknown.
 */
export function AnswersApplied({
  spec,
  check,
  onChange,
}: {
  spec: ImportSpec;
  check: ImportCheck;
  onChange: (list: Unrecognised[]) => void;
}) {
  if (check.remembered.length === 0) return null;
  const labelOf = (field: string, value: string) =>
    spec.fields.find((f) => f.name === field)?.options?.find((o) => o.value === value)?.label ?? value;
  return (
    <section aria-labelledby="import-answers" className="grid gap-2 text-sm text-slate-700">
      <h3 id="import-answers" className="font-semibold text-navy-900">
        Values read by your answers
      </h3>
      <ul className="grid gap-1">
        {check.remembered.map((r) => (
          <li key={`${r.field} ${r.text}`}>
            ‘{r.text}’ → {labelOf(r.field, r.value)} (
            {r.rows === 1 ? "1 row" : `${r.rows.toLocaleString("en-IN")} rows`})
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn-secondary justify-self-start"
        onClick={() =>
          onChange([
            ...check.unrecognised,
            ...check.remembered.map(({ value, ...r }) => ({ ...r, suggestion: value })),
          ])
        }
      >
        Change these answers
      </button>
    </section>
  );
}
