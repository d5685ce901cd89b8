import { z } from "zod";
import { normalizePhone, PHONE_MESSAGE } from "./phone";
import { isValidVehicleNumber, normalizeVehicleNumber, VEHICLE_MESSAGE } from "./vehicle";
import {
  canonicalBrand,
  indianStates,
  legacyBrandSpellings,
  truckBrands,
  tyreCounts,
  type Band,
} from "./logistics-options";

/** Field rules of the logistics directory, shared by the console's forms and the API. */

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `${capital(label)} must be at most ${max} characters`);
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${capital(label)} must be text` })
    .trim()
    .max(max, `${capital(label)} must be at most ${max} characters`);

/** Any common way of typing an Indian mobile number, stored as E.164 (+91…). */
export const phoneField = z.string({ error: PHONE_MESSAGE }).transform((v, ctx) => {
  const phone = normalizePhone(v);
  if (!phone) {
    ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
    return z.NEVER;
  }
  return phone;
});

/** Indian registration numbers, stored upper case without spaces or dashes. */
export const vehicleNumberField = z.string({ error: VEHICLE_MESSAGE }).transform((v, ctx) => {
  const n = normalizeVehicleNumber(v);
  if (!isValidVehicleNumber(n)) {
    ctx.addIssue({ code: "custom", message: VEHICLE_MESSAGE });
    return z.NEVER;
  }
  return n;
});

const LICENCE_MESSAGE = "Enter a driving licence number like MH1420110062821 (15 characters)";
/** Indian driving licence: state code, 2-digit RTO, 4-digit year, 7 digits; stored compact. */
export const licenceField = z.string({ error: LICENCE_MESSAGE }).transform((v, ctx) => {
  const n = v
    .trim()
    .toUpperCase()
    .replace(/[\s/-]/g, "");
  if (!/^[A-Z]{2}\d{2}(19|20)\d{2}\d{7}$/.test(n)) {
    ctx.addIssue({ code: "custom", message: LICENCE_MESSAGE });
    return z.NEVER;
  }
  return n;
});

export const stateField = z
  .number({ error: "Choose a state" })
  .int("Choose a state")
  .min(1, "Choose a state")
  .max(indianStates.length, "Choose a state");
export const wholeNumber = (label: string, min: number, max: number, unit = "") =>
  z
    .number({ error: `Enter the ${label}` })
    .int(`${capital(label)} must be a whole number`)
    .min(min, `${capital(label)} must be at least ${min.toLocaleString("en-IN")}${unit}`)
    .max(max, `${capital(label)} must be at most ${max.toLocaleString("en-IN")}${unit}`);

/** A number with at most two decimals (12.5 tonnes), between `min` and `max`. */
export const decimalNumber = (label: string, min: number, max: number, unit = "") =>
  z
    .number({ error: `Enter the ${label}` })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: `${capital(label)} can have at most two decimals, e.g. 12.5`,
      abort: true,
    })
    .min(min, `${capital(label)} must be at least ${min.toLocaleString("en-IN")}${unit}`)
    .max(max, `${capital(label)} must be at most ${max.toLocaleString("en-IN")}${unit}`);

/** Uploaded image addresses as POST /api/uploads answers them (`/media/<id>/<width>.webp`). */
export const imageUrlField = z
  .string()
  .regex(/^\/media\/[0-9a-f]{32}\/\d{2,4}\.webp$/, "Images must be uploaded through the console");
export const MAX_IMAGES = 10;

export const enumOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, message);
const brandSpellings = [...truckBrands, ...Object.keys(legacyBrandSpellings)] as [string, ...string[]];
/** A brand, old spellings accepted and stored as the current one. */
export const brandField = z
  .enum(brandSpellings, "Choose a brand")
  .transform((v) => canonicalBrand(v) as (typeof truckBrands)[number]);
export const tyreField = z
  .number({ error: "Choose the number of tyres" })
  .refine((v) => (tyreCounts as readonly number[]).includes(v), "Choose the number of tyres");

/* ------------------------------------------------------------------ list query values */

const statePattern = new RegExp(`^(${indianStates.map((s) => s.value).join("|")})$`);
export const stateQuery = (name: string) =>
  z
    .string()
    // A pattern of the listed values, so the OpenAPI document says which ones exist.
    .regex(statePattern, `${name} must be a number from 1 to ${indianStates.length}`)
    .transform(Number);
export const queryEnum = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, `${name} must be one of: ${values.join(", ")}`);
export const brandQuery = z
  .enum(brandSpellings, `brand must be one of: ${truckBrands.join(", ")}`)
  .transform((v) => canonicalBrand(v) as (typeof truckBrands)[number]);
export const tyreQuery = z
  .string()
  .refine(
    (v) => (tyreCounts as readonly number[]).map(String).includes(v),
    `tyres must be one of: ${tyreCounts.join(", ")}`,
  )
  .transform(Number);
export const bandValues = <T extends readonly Band[]>(bands: T) =>
  bands.map((b) => b.value) as [T[number]["value"], ...T[number]["value"][]];
