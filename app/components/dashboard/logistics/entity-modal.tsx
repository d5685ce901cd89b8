import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { Field } from "~/components/dashboard/field";
import { Modal, Spinner } from "~/components/dashboard/modal";
import { parseRupees } from "~/lib/dashboard/money";
import { fieldErrorsOf, useConsoleMutation } from "~/lib/dashboard/mutation";
import { formatVehicleNumber, vehicleOptions } from "../../../../schemas/vehicle";
import type { VerifiedMember } from "../../../../schemas/logistics";
import type { FormControl } from "../../../../schemas/resource";
import { fieldErrors } from "../../../../schemas/validation";
import { ImageField } from "./image-field";
import { SelectField } from "./ui";
import { VerifyMobile } from "./verify-mobile";

/** A labelled form control of a directory declaration (schemas/directory), under its field's name. */
export type FieldSpec = Extract<FormControl, { label: string }> & { name: string };

export interface EntityModalConfig<T> {
  noun: string;
  endpoint: string;
  idOf: (row: T) => number;
  createSchema: z.ZodType;
  updateSchema: z.ZodType;
  fields: FieldSpec[];
  /** Filled from the verified member's first_name (driver and buy-and-sell). */
  nameField?: string;
  /** The record names a vehicle, chosen from the member's vehicle list. */
  vehicleField?: boolean;
  images?: boolean;
  toForm: (row: T) => Record<string, string>;
}

const OTHER = "__other";

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
  const [values, setValues] = useState<Record<string, string>>({ vehicle_number: "", ...initial });
  const [images, setImages] = useState<string[]>(
    row && config.images ? ((row as { images?: string[] }).images ?? []) : [],
  );
  const [phone, setPhone] = useState(row ? (initial.contact_no ?? "") : "");
  // Editing starts verified with the record's own number; changing the number asks for a new verification.
  const [verified, setVerified] = useState<VerifiedMember | null>(
    row
      ? {
          user_id: 0,
          first_name: "",
          last_name: "",
          phone: initial.contact_no ?? "",
          company: "",
          vehicle_list: [],
        }
      : null,
  );
  const [validated, setValidated] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [otherVehicle, setOtherVehicle] = useState(false);

  const choices = config.vehicleField
    ? vehicleOptions(verified?.vehicle_list ?? [], row ? initial.vehicle_number : null)
    : [];
  const typingVehicle = otherVehicle || choices.length === 0;

  const save = useConsoleMutation<Record<string, unknown>>({
    request: (body) =>
      row
        ? { path: `${config.endpoint}/${config.idOf(row)}`, method: "PATCH", body }
        : { path: config.endpoint, method: "POST", body },
    success: `${config.noun.charAt(0).toUpperCase()}${config.noun.slice(1)} ${row ? "updated" : "created"}.`,
    invalidate: [config.endpoint],
  });

  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const payload = () => {
    const body: Record<string, unknown> = { contact_no: verified?.phone ?? "" };
    for (const f of config.fields) {
      if (f.editOnly && !editing) continue;
      const v = (values[f.name] ?? "").trim();
      if (f.kind === "number") body[f.name] = v === "" ? undefined : Number(v);
      else if (f.kind === "rupees") body[f.name] = v === "" ? undefined : (parseRupees(v) ?? Number.NaN);
      else if (f.kind === "select" && f.numeric) body[f.name] = v === "" ? undefined : Number(v);
      else if (f.kind === "select" || f.kind === "date") body[f.name] = v === "" ? undefined : v;
      else body[f.name] = v;
    }
    if (config.vehicleField) body.vehicle_number = values.vehicle_number ?? "";
    if (config.images) body.images = images;
    return body;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setValidated(true);
    const body = payload();
    const parsed = (editing ? config.updateSchema : config.createSchema).safeParse(body);
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (!verified) found.contact_no = "Verify the member's mobile number first.";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(body, {
      onSuccess: () => {
        setValidated(false);
        onClose();
      },
      onError: (e) => setErrors(fieldErrorsOf(e)),
    });
  };

  const title = `${editing ? "Edit" : "Add"} ${config.noun}`;
  return (
    <Modal open onClose={onClose} title={title} kind={editing ? "edit" : "create"} busy={save.isPending}>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" data-validated={validated}>
        <VerifyMobile
          phone={phone}
          onPhoneChange={(p) => {
            setPhone(p);
            setVerified(null);
          }}
          verified={verified}
          error={errors.contact_no}
          onVerified={(member) => {
            setVerified(member);
            setPhone(member.phone);
            if (config.nameField) set(config.nameField, member.first_name);
            setErrors(({ contact_no: _gone, ...rest }) => rest);
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
                inputMode={f.kind === "number" || f.kind === "rupees" ? "numeric" : undefined}
                placeholder={f.placeholder}
                value={values[f.name] ?? ""}
                error={errors[f.name]}
                autoComplete="off"
                onChange={(e) => set(f.name, e.target.value)}
              />
            ),
          )}
        {config.images ? <ImageField images={images} onChange={setImages} error={errors.images} /> : null}
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
