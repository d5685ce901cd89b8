import type { FieldErrors, ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { memberInputSchema } from "#schemas/logistics.ts";
import { bodyResolver, flattenErrors } from "./form-resolver";

type MemberValues = Record<
  "first_name" | "last_name" | "phone" | "company" | "state" | "service_category",
  string
>;
// What React Hook Form passes a resolver when no field is registered.
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<MemberValues>;
const member: MemberValues = {
  first_name: "Asha",
  last_name: "Rao",
  phone: "9876543210",
  company: "",
  state: "18",
  service_category: "Lorry Owner",
};
// The form keeps the state as typed text; the API wants its number.
const toBody = (v: MemberValues) => ({ ...v, state: v.state ? Number(v.state) : undefined });

describe("bodyResolver", () => {
  it("checks the body the values make and passes the form's own values on", async () => {
    const resolve = bodyResolver(memberInputSchema, toBody);
    const result = await resolve(member, undefined, options);
    expect(result.errors).toEqual({});
    // The values, not the body: state stays the select's text.
    expect(result.values).toEqual(member);
  });

  it("answers the schema's messages by field and no values", async () => {
    const resolve = bodyResolver(memberInputSchema, toBody);
    const result = await resolve({ ...member, first_name: "", state: "" }, undefined, options);
    expect(result.values).toEqual({});
    expect(Object.keys(flattenErrors(result.errors)).sort()).toEqual(["first_name", "state"]);
  });

  it("adds a rule's messages, over the schema's for the same field", async () => {
    const resolve = bodyResolver(memberInputSchema, toBody, (_values, schemaPassed) => ({
      phone: `Verify first (schema passed: ${schemaPassed})`,
    }));
    const result = await resolve({ ...member, phone: "12" }, undefined, options);
    expect(flattenErrors(result.errors).phone).toBe("Verify first (schema passed: false)");
  });
});

describe("flattenErrors", () => {
  it("names nested messages by their path, the first per field, and a root message _form", () => {
    const errors = {
      job_title: { type: "too_small", message: "Enter a job title" },
      requirements: [undefined, { type: "too_big", message: "Keep each line short" }],
      root: { type: "server", message: "Try again" },
    } as unknown as FieldErrors;
    expect(flattenErrors(errors)).toEqual({
      job_title: "Enter a job title",
      "requirements.1": "Keep each line short",
      _form: "Try again",
    });
  });
});
