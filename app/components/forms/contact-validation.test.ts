import { describe, expect, it } from "vitest";
import { validateContact } from "./contact-validation";
import { refusalOf } from "./validate";

const valid = {
  first_name: "Asha",
  last_name: "Verma",
  organization: "",
  email: "asha@example.com",
  phone: "",
  location: "",
  message: "Hello",
  privacy_consent: true,
  url_hp: "",
};

describe("validateContact", () => {
  it("accepts a complete enquiry with optional fields left empty", () => {
    expect(validateContact(valid)).toBeNull();
  });

  it("names each missing required field with the schema's message", () => {
    expect(
      validateContact({
        ...valid,
        first_name: " ",
        last_name: "",
        email: "x",
        message: "",
        privacy_consent: false,
      }),
    ).toEqual({
      first_name: "Enter your first name",
      last_name: "Enter your last name",
      email: "Enter a valid official e-mail address",
      message: "Tell us how we can help",
      privacy_consent: "Please accept the privacy policy to continue",
    });
  });

  it("checks the phone format only when a phone is given", () => {
    expect(validateContact({ ...valid, phone: "call me" })).toEqual({
      phone: "Enter a phone number of 7-20 digits",
    });
    expect(validateContact({ ...valid, phone: "+91 98765 43210" })).toBeNull();
  });

  it("leaves the honeypot to the server", () => {
    expect(validateContact({ ...valid, url_hp: "http://spam.example" })).toBeNull();
  });
});

describe("refusalOf (an API refusal, read alike by the page's script and its action)", () => {
  const fields = ["first_name", "phone"];
  it("keeps the form's own fields' messages and makes any other the form's message", () => {
    expect(
      refusalOf(
        {
          message: "url_hp: …",
          errors: { phone: "Enter a phone number of 7-20 digits", url_hp: "Your message could not be sent." },
        },
        fields,
        "Try again.",
      ),
    ).toEqual({
      errors: { phone: "Enter a phone number of 7-20 digits" },
      message: "Your message could not be sent.",
    });
  });
  it("says the API's message, else the fallback, when no field is named", () => {
    expect(refusalOf({ message: "Too many requests." }, fields, "Try again.")).toEqual({
      errors: {},
      message: "Too many requests.",
    });
    expect(refusalOf({}, fields, "Try again.")).toEqual({ errors: {}, message: "Try again." });
  });
});
