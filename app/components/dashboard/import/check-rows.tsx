import type { ImportCheck, ImportSpec, PreviewRow, StagedImport } from "#schemas/imports.ts";
import type { Plan } from "./import-api";
import { ImportCountTiles, outcomeLabel } from "./import-counts";

/** The file's columns that are imported, with the field each becomes. */
const importedColumns = (spec: ImportSpec, staged: StagedImport, plan: Plan) =>
  plan.mapping.flatMap((name, column) => {
    const field = spec.fields.find((f) => f.name === name);
    return field ? [{ column, header: staged.headers[column]!, label: field.label }] : [];
  });
type Columns = ReturnType<typeof importedColumns>;

/** One row with problems: each bad cell with its value and the rule's message, and problems of the whole row. */
function ProblemCard({ row, columns }: { row: PreviewRow; columns: Columns }) {
  const whole = row.errors.filter((e) => e.column === null);
  return (
    <li className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm" data-row={row.row}>
      <p className="font-semibold text-red-900">Row {row.row}</p>
      <ul className="mt-1 grid gap-1">
        {columns
          .filter((c) => row.errors.some((e) => e.column === c.column))
          .map((c) => (
            <li key={c.column} className="text-slate-800">
              <span className="font-medium">{c.header}</span>:{" "}
              <span className="break-words">
                {row.cells[c.column]?.trim() ? row.cells[c.column] : "(blank)"}
              </span>
              {row.errors
                .filter((e) => e.column === c.column)
                .map((e) => (
                  <span key={e.message} className="block text-red-800">
                    {e.message}
                  </span>
                ))}
            </li>
          ))}
        {whole.map((e) => (
          <li key={e.message} className="text-red-800">
            {e.message}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Every problem of the file by column and kind, with how many rows have it and the first of them. */
function ProblemGroups({ check, staged }: { check: ImportCheck; staged: StagedImport }) {
  return (
    <ul className="grid gap-1 text-sm" aria-label="Problems by column">
      {check.groups.map((g) => (
        <li
          key={`${g.column ?? ""} ${g.kind}`}
          className="rounded-lg border border-red-200 bg-white px-3 py-2"
        >
          <span className="font-medium text-navy-900">
            {g.column === null ? "Whole row" : staged.headers[g.column]}
          </span>
          : {g.kind} ·{" "}
          <span className="font-semibold">
            {g.count === 1 ? "1 row" : `${g.count.toLocaleString("en-IN")} rows`}
          </span>{" "}
          <span className="text-slate-600">
            (row{g.rows.length === 1 ? "" : "s"} {g.rows.join(", ")}
            {g.count > g.rows.length ? "…" : ""})
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The first rows as they will be stored: a table from 640 px, cards below. */
function FirstRows({ rows, columns }: { rows: PreviewRow[]; columns: Columns }) {
  return (
    <>
      <div
        className="hidden overflow-x-auto rounded-lg border border-slate-200 sm:block"
        tabIndex={0}
        aria-label="First rows of the file"
      >
        <table className="min-w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Result
              </th>
              {columns.map((c) => (
                <th key={c.column} scope="col" className="whitespace-nowrap px-3 py-2">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row} className="border-t border-slate-200">
                <td className="px-3 py-2">{row.row}</td>
                <td className="whitespace-nowrap px-3 py-2">{outcomeLabel[row.outcome]}</td>
                {columns.map((c) => (
                  <td key={c.column} className="max-w-48 truncate px-3 py-2">
                    {row.stored[c.column]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-2 sm:hidden" aria-label="First rows of the file">
        {rows.map((row) => (
          <li key={row.row} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
            <p className="font-semibold text-navy-900">
              Row {row.row} · {outcomeLabel[row.outcome]}
            </p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3">
              {columns.map((c) => (
                <div key={c.column} className="contents">
                  <dt className="text-slate-600">{c.label}</dt>
                  <dd className="break-words">{row.stored[c.column] || "—"}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Step 3: the dry run's counts, every row with a problem (the first 100) and the first rows. */
export function CheckRows({
  spec,
  staged,
  plan,
  check,
}: {
  spec: ImportSpec;
  staged: StagedImport;
  plan: Plan;
  check: ImportCheck;
}) {
  const columns = importedColumns(spec, staged, plan);
  const problems = check.rows.filter((r) => r.outcome === "invalid");
  const first = check.rows.filter((r) => r.outcome !== "invalid");
  const { invalid } = check.counts;
  return (
    <div className="grid gap-4 text-slate-700">
      <ImportCountTiles counts={check.counts} label="What the import will do" />
      {check.members && check.members.created > 0 ? (
        <p
          role="status"
          className="rounded-lg border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-900"
        >
          {check.members.created === 1
            ? "1 member will be created"
            : `${check.members.created.toLocaleString("en-IN")} members will be created`}{" "}
          from the owner columns, in the same import as the {spec.plural}.
        </p>
      ) : null}
      {invalid > 0 ? (
        // Focusable, so the keyboard can scroll the dialog through a long list (it holds no control).
        <section aria-labelledby="import-problems" tabIndex={0} className="grid gap-2">
          <h3 id="import-problems" className="font-semibold text-navy-900">
            {invalid === 1 ? "1 row has problems" : `${invalid.toLocaleString("en-IN")} rows have problems`}
          </h3>
          <p className="text-sm">
            {invalid === 1 ? "It is" : "They are"} left out of the import; download{" "}
            {invalid === 1 ? "it" : "them"} with the reasons (now or after the import), fix the file and
            import it again.
            {problems.length < invalid ? ` The first ${problems.length} are shown.` : ""}
          </p>
          <ProblemGroups check={check} staged={staged} />
          <ul className="grid gap-2">
            {problems.map((row) => (
              <ProblemCard key={row.row} row={row} columns={columns} />
            ))}
          </ul>
        </section>
      ) : null}
      {first.length > 0 ? (
        <section aria-labelledby="import-first" tabIndex={0} className="grid gap-2">
          <h3 id="import-first" className="font-semibold text-navy-900">
            First rows, as they will be stored
          </h3>
          <FirstRows rows={first} columns={columns} />
        </section>
      ) : null}
    </div>
  );
}
