import { describe, expect, it } from "vitest";
import {
  credentialProblems,
  destination,
  passwordOutcome,
  readSecondFactor,
  safeNext,
  secondFactorBody,
  secondFactorOutcome,
  secondFactorProblems,
} from "./sign-in-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the sign-in form's checks, shared by the page's script and the route's action", () => {
  it("asks for both fields with today's message, and names each missing field", () => {
    expect(credentialProblems({ username: "  ", password: "" })).toEqual({
      message: "Enter your username and password.",
      errors: { username: "Enter your username", password: "Enter your password" },
    });
    expect(credentialProblems({ username: "ops", password: "x".repeat(201) })).toEqual({
      message: undefined,
      errors: { password: "Password is too long" },
    });
    expect(credentialProblems({ username: "ops", password: "secret" })).toBeNull();
  });

  it("checks the code the operator chose, and a missing challenge as one to start again", () => {
    const step = readSecondFactor(
      form({ challenge: "c", method: "recovery_code", code: "1", recovery_code: "" }),
    );
    expect(step).toEqual({ username: "", challenge: "c", method: "recovery_code", value: "" });
    expect(secondFactorProblems(secondFactorBody("c", step.method, step.value))).toEqual({
      recovery_code: "Enter one of your recovery codes",
    });
    expect(secondFactorProblems(secondFactorBody("c", "code", "12 34 5"))).toEqual({
      code: "Enter the 6-digit code from your authenticator app",
    });
    expect(secondFactorProblems(secondFactorBody("c", "code", "123 456"))).toBeNull();
    expect(secondFactorProblems(secondFactorBody("", "code", "123456"))).toHaveProperty("challenge");
  });
});

describe("reading the API's answers", () => {
  it("tells a session, a second step and a refusal apart, with the API's message or today's fallback", () => {
    expect(passwordOutcome(200, { second_factor_required: true, challenge: "c", message: "…" })).toEqual({
      kind: "second_factor",
      challenge: "c",
    });
    expect(passwordOutcome(200, { access_token: "t", user_id: 1, username: "a", role: "admin" }).kind).toBe(
      "signed_in",
    );
    expect(passwordOutcome(401, { message: "Incorrect username or password.", errors: { x: "y" } })).toEqual({
      kind: "refused",
      message: "Incorrect username or password.",
      errors: {},
    });
    expect(passwordOutcome(502, {})).toEqual({
      kind: "refused",
      message: "Sign-in failed. Please try again.",
      errors: {},
    });
  });

  it("sends an expired second step back to the first", () => {
    const expired = { message: "This sign-in has expired. Enter your username and password again." };
    expect(secondFactorOutcome(401, expired)).toEqual({ kind: "expired" });
    expect(secondFactorOutcome(401, { message: "That code is not correct." }).kind).toBe("refused");
  });

  it("follows `next` only to a console address, else the role's first screen", () => {
    const editor = { access_token: "t", user_id: 2, username: "e", role: "editor" as const };
    expect(destination(editor, "/dashboard/account")).toBe("/dashboard/account");
    expect(destination(editor, "//evil.example/dashboard/")).toBe("/dashboard/blog");
    expect(destination({ ...editor, role: "admin" }, "https://evil.example/")).toBe("/dashboard/home");
    // A screen the role cannot open is not where it lands ("Could not load the list." beside failing buttons).
    expect(destination(editor, "/dashboard/home")).toBe("/dashboard/blog");
    expect(destination(editor, "/dashboard/services/truck_details?page=2")).toBe("/dashboard/blog");
    expect(destination({ ...editor, role: "admin" }, "/dashboard/services/truck_details")).toBe(
      "/dashboard/services/truck_details",
    );
    expect(safeNext(null)).toBeNull();
  });

  it("never follows a `next` a Location header cannot carry (the sign-in would succeed, then answer 500)", () => {
    for (const next of [
      "/dashboard/\r\nSet-Cookie: x=1",
      "/dashboard/a b",
      "/dashboard/\u00e9t\u0101",
      "/dashboard/\\evil",
    ])
      expect(safeNext(next), JSON.stringify(next)).toBeNull();
    expect(safeNext("/dashboard/blog?page=2#x")).toBe("/dashboard/blog?page=2#x");
  });
});
