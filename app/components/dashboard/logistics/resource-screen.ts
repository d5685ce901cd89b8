import type { Column } from "#app/components/dashboard/data-table/index.ts";
import type { ResourcePath } from "#app/lib/dashboard/api.ts";
import { formatIndianNumber } from "#app/lib/dashboard/money.ts";
import type { AnyResource, FormControl, RecordOfResource } from "#schemas/resource.ts";
import type { EntityScreenConfig } from "./entity-screen";
import type { FieldSpec } from "./entity-modal";
import { addedFrom, addedTo } from "./options";

type Labelled = Extract<FormControl, { label: string }>;
const labelled = (control: FormControl | null): control is Labelled => control !== null && "label" in control;

/** How a stored value reads in a form input. */
function formValue(control: Labelled, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (control.kind === "rupees") return formatIndianNumber(Number(value));
  return String(value);
}

/**
 * A directory screen from its declaration (schemas/directory): the form, filters, texts and endpoints come
 * from the resource; the screen adds only how its list looks (sortable where the API sorts). A field declared with `column` gets a plain
 * column after the screen's own.
 */
export function resourceScreen<R extends AnyResource>(
  resource: R,
  columns: Column<RecordOfResource<R>>[],
): EntityScreenConfig<RecordOfResource<R>> {
  type Row = RecordOfResource<R>;
  const controls = Object.entries(resource.form) as [string, FormControl | null][];
  const fields: FieldSpec[] = controls.flatMap(([name, control]) =>
    labelled(control) ? [{ ...control, name }] : [],
  );
  const has = (kind: FormControl["kind"]) => controls.some(([, control]) => control?.kind === kind);
  const plainColumns: Column<Row>[] = fields.flatMap((field) =>
    field.column
      ? [
          {
            key: field.name,
            header: field.column,
            render: (row: Row) => {
              const value = formValue(field, row[field.name as keyof Row]);
              const option =
                field.kind === "select" ? field.options.find((o) => o.value === value) : undefined;
              return option?.label ?? (value || "—");
            },
          },
        ]
      : [],
  );
  return {
    title: resource.title,
    noun: resource.noun,
    plural: resource.plural,
    // The server makes this resource's routes from the same declaration (server/api/logistics.ts).
    endpoint: resource.endpoint as ResourcePath,
    dataKey: resource.dataKey,
    idOf: (row) => row[resource.idKey as keyof Row] as number,
    describe: resource.describe as (row: Row) => string,
    searchPlaceholder: resource.searchPlaceholder,
    createSchema: resource.input,
    updateSchema: resource.update,
    memberFields: fields.flatMap((f) => (f.fromMember ? [{ name: f.name, from: f.fromMember }] : [])),
    vehicleField: has("vehicle"),
    images: has("images"),
    filters: [
      ...Object.entries(resource.filters).map(([name, filter]) => ({
        name,
        label: filter.label,
        options: filter.options,
      })),
      addedFrom,
      addedTo,
    ],
    // A column is sortable exactly when the API sorts by it.
    columns: [...columns, ...plainColumns].map((column) => ({
      ...column,
      sortable: resource.sortable.includes(column.key),
    })),
    fields,
    toForm: (row) => {
      const form: Record<string, string> = {
        contact_no: String(row["contact_no" as keyof Row] ?? ""),
      };
      if (has("vehicle")) form.vehicle_number = String(row["vehicle_number" as keyof Row] ?? "");
      for (const field of fields) form[field.name] = formValue(field, row[field.name as keyof Row]);
      return form;
    },
  };
}
