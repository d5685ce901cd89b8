import { useState, type FormEvent } from "react";
import { resourceRequest, type ResourcePath } from "#app/lib/dashboard/api.ts";
import { useForm, useWatch, type FieldValues } from "react-hook-form";
import type { z } from "zod";
import { ErrorSummary, Field } from "#app/components/dashboard/field.tsx";
import { Modal } from "#app/components/dashboard/modal.tsx";
import { Spinner } from "#app/components/dashboard/spinner.tsx";
import { parseRupees } from "#app/lib/dashboard/money.ts";
import { useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import { formatVehicleNumber, vehicleOptions } from "#schemas/vehicle.ts";
import type { VerifiedMember } from "#schemas/logistics.ts";
import type { FormControl } from "#schemas/resource.ts";
import { bodyResolver, flattenErrors, formSubmit, useFocusOnError } from "../kit/use-record-form";
import { ImageField } from "./image-field";
import { SelectField } from "./ui";
import { VerifyMobile } from "./verify-mobile";

/** A labelled form control of a directory declaration (schemas/directory), under its field's name. */
export type FieldSpec = Extract<FormControl, { label: string }> & { name: string };

export interface EntityModalConfig<T> {
  noun: string;
  endpoint: ResourcePath;
  idOf: (row: T) => number;
  createSchema: z.ZodType;
  updateSchema: z.ZodType;
  fields: FieldSpec[];
  /** Fields filled from the verified member when still empty (a truck's owner, company and state). */
  memberFields: { name: string; from: "first_name" | "full_name" | "company" | "state" }[];
  /** The record names a vehicle, chosen from the member's vehicle list. */
  vehicleField?: boolean;
  images?: boolean;
  toForm: (row: T) => Record<string, string>;
}

const OTHER = "__other";

/** What a form field takes from the verified member ("" when the member has none). */
function memberValue(
  member: VerifiedMember,
  from: EntityModalConfig<unknown>["memberFields"][number]["from"],
) {
  if (from === "full_name") return `${member.first_name} ${member.last_name}`.trim();
  if (from === "state") return member.state ? String(member.state) : "";
  return member[from];
}

/** The form's values: every field as typed, the vehicle number, the mobile number and the listing's images. */
type EntityValues = Record<string, string> & { images?: string[] };

/**
 * Create and edit of loads, trucks, drivers and buy-and-sell listings. Mounted only while open, so every
 * opening starts with a clear card, no verified mobile and the validated flag off (spec section 4).
 */
export function EntityModal<T>({
  config,
  row,
  onClose,
}: {
  config: EntityModalConfig<T>;
  row: T | null;
  onClose: () => void;
}) {
  const editing = row !== null;
  const initial = row ? config.toForm(row) : Object.fromEntries(config.fields.map((f) => [f.name, ""]));
  // Editing starts verified with the record's own number; changing the number asks for a new verification.
  const [verified, setVerified] = useState<VerifiedMember | null>(
    row
      ? {
          user_id: 0,
          first_name: "",
          last_name: "",
          phone: initial.contact_no ?? "",
          company: "",
          state: 0,
          vehicle_list: [],
        }
      : null,
  );
  const [validated, setValidated] = useState(false);
  const [otherVehicle, setOtherVehicle] = useState(false);

  /** The request body from the form's values (numbers and rupees parsed, empty optional fields left out). */
  const payload = (values: EntityValues, member: VerifiedMember | null) => {
    const body: Record<string, unknown> = { contact_no: member?.phone ?? "" };
    for (const f of config.fields) {
      if (f.editOnly && !editing) continue;
      const v = (values[f.name] ?? "").trim();
      // "12,5" is read as 12.5: a phone keypad may offer only the comma.
      if (f.kind === "number")
        body[f.name] = v === "" ? undefined : Number(f.decimal ? v.replace(",", ".") : v);
      else if (f.kind === "rupees") body[f.name] = v === "" ? undefined : (parseRupees(v) ?? Number.NaN);
      else if (f.kind === "select" && f.numeric) body[f.name] = v === "" ? undefined : Number(v);
      else if (f.kind === "select" || f.kind === "date") body[f.name] = v === "" ? undefined : v;
      else body[f.name] = v;
    }
    if (config.vehicleField) body.vehicle_number = values.vehicle_number ?? "";
    if (config.images) body.images = values.images ?? [];
    return body;
  };
  // The shared schema checks the body; a mobile number not yet verified is one more field error.
  const resolver = bodyResolver<FieldValues>(
    editing ? config.updateSchema : config.createSchema,
    (values) => payload(values as EntityValues, verified),
    () => (verified ? null : { contact_no: "Verify the member's mobile number first." }),
  );
  const form = useForm<FieldValues>({
    defaultValues: {
      vehicle_number: "",
      ...initial,
      phone: row ? (initial.contact_no ?? "") : "",
      images: row && config.images ? ((row as { images?: string[] }).images ?? []) : [],
    },
    resolver,
  });
  const values = useWatch({ control: form.control }) as EntityValues;
  const errors = flattenErrors(form.formState.errors);
  const failed = useFocusOnError();
  const phone = values.phone ?? "";
  const images = values.images ?? [];
  const set = (name: string, value: unknown) => form.setValue(name, value, { shouldDirty: true });

  const choices = config.vehicleField
    ? vehicleOptions(verified?.vehicle_list ?? [], row ? initial.vehicle_number : null)
    : [];
  const typingVehicle = otherVehicle || choices.length === 0;

  const save = useConsoleMutation<Record<string, unknown>>({
    request: (body) =>
      row
        ? resourceRequest("PATCH", config.endpoint, "/:id", { params: { id: config.idOf(row) }, body })
        : resourceRequest("POST", config.endpoint, "", { body }),
    success: `${config.noun.charAt(0).toUpperCase()}${config.noun.slice(1)} ${row ? "updated" : "created"}.`,
    invalidate: [config.endpoint],
  });

  const send = formSubmit(
    form,
    failed,
    (checked, onError) =>
      save.mutate(payload(checked as EntityValues, verified), {
        onSuccess: () => {
          setValidated(false);
          onClose();
        },
        onError,
      }),
    (key) => (key === "_form" ? "root" : key),
  );
  const submit = (event: FormEvent) => {
    setValidated(true);
    send(event);
  };

  const title = `${editing ? "Edit" : "Add"} ${config.noun}`;
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      kind={editing ? "edit" : "create"}
      busy={save.isPending}
      dirty={form.formState.isDirty}
    >
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" data-validated={validated}>
        <ErrorSummary errors={errors} />
        <VerifyMobile
          phone={phone}
          onPhoneChange={(p) => {
            set("phone", p);
            setVerified(null);
          }}
          verified={verified}
          error={errors.contact_no}
          onVerified={(member) => {
            setVerified(member);
            // The number stays as the operator typed it; the verified line shows it in the one format.
            for (const { name, from } of config.memberFields) {
              const value = memberValue(member, from);
              if (value && !(values[name] ?? "").trim()) set(name, value);
            }
            form.clearErrors("contact_no");
            if (config.vehicleField) {
              const first = vehicleOptions(member.vehicle_list, row ? initial.vehicle_number : null)[0];
              setOtherVehicle(!first);
              set("vehicle_number", values.vehicle_number || first || "");
            }
          }}
        />
        {config.vehicleField ? (
          <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
            {choices.length > 0 ? (
              <SelectField
                label="Vehicle"
                name="vehicle_choice"
                placeholder="Choose a vehicle…"
                options={[
                  ...choices.map((v) => ({ value: v, label: formatVehicleNumber(v) })),
                  { value: OTHER, label: "Another vehicle number…" },
                ]}
                value={otherVehicle ? OTHER : (values.vehicle_number ?? "")}
                error={!typingVehicle ? errors.vehicle_number : undefined}
                onChange={(e) => {
                  if (e.target.value === OTHER) {
                    setOtherVehicle(true);
                    set("vehicle_number", "");
                  } else {
                    setOtherVehicle(false);
                    set("vehicle_number", e.target.value);
                  }
                }}
              />
            ) : null}
            {typingVehicle ? (
              <Field
                label="Vehicle number"
                name="vehicle_number"
                placeholder="MH12AB1234"
                autoComplete="off"
                value={values.vehicle_number ?? ""}
                error={errors.vehicle_number}
                onChange={(e) => set("vehicle_number", e.target.value)}
              />
            ) : null}
          </div>
        ) : null}
        {config.fields
          .filter((f) => !f.editOnly || editing)
          .map((f) =>
            f.kind === "select" ? (
              <SelectField
                key={f.name}
                label={f.label}
                name={f.name}
                options={f.options}
                value={values[f.name] ?? ""}
                error={errors[f.name]}
                onChange={(e) => set(f.name, e.target.value)}
              />
            ) : (
              <Field
                key={f.name}
                label={f.label}
                name={f.name}
                type={f.kind === "date" ? "date" : "text"}
                inputMode={
                  f.kind === "number" && f.decimal
                    ? "decimal"
                    : f.kind === "number" || f.kind === "rupees"
                      ? "numeric"
                      : undefined
                }
                placeholder={f.placeholder}
                value={values[f.name] ?? ""}
                error={errors[f.name]}
                autoComplete="off"
                onChange={(e) => set(f.name, e.target.value)}
              />
            ),
          )}
        {config.images ? (
          <ImageField images={images} onChange={(next) => set("images", next)} error={errors.images} />
        ) : null}
        <div className="flex justify-end gap-3 border-t border-slate-200 pt-4 sm:col-span-2">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null} {editing ? "Save changes" : `Create ${config.noun}`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
