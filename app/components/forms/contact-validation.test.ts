import { describe, expect, it } from "vitest";
import { validateContact } from "./contact-validation";

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
