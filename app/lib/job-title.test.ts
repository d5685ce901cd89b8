import { describe, expect, it } from "vitest";
import { jobWithLocation } from "./job-title";

describe("jobWithLocation", () => {
  it("puts the location in brackets without nesting the location's own", () => {
    expect(jobWithLocation("Payroll & Compliance Specialist", "Remote (India)")).toBe(
      "Payroll & Compliance Specialist (Remote, India)",
    );
    expect(jobWithLocation("Data Engineer", "Chennai")).toBe("Data Engineer (Chennai)");
    expect(jobWithLocation("Analyst", "Hybrid (Pune) (3 days)")).toBe("Analyst (Hybrid, Pune, 3 days)");
  });
});
