import { describe, expect, it } from "vitest";
import { auditView, toRow, type Listed } from "./application-rows";

const listed: Listed = {
  id: 9,
  jobId: 3,
  jobTitle: "Fleet Supervisor",
  firstName: "Meera",
  lastName: "Rao",
  email: "meera@example.com",
  phone: "+919876543210",
  city: "Pune",
  coverNote: "I ran a fleet of 40 trucks.",
  profileUrl: "https://example.com/meera",
  noticePeriod: "30 days",
  answers: [{ question: "Licence?", answer: "Yes" }],
  cvFileName: "meera.pdf",
  cvSize: 2048,
  keepForFuture: true,
  consentedAt: new Date("2026-11-01T04:30:00Z"),
  general: false,
  stage: "rejected",
  rejectReason: "not_a_fit",
  resubmissions: 2,
  anonymisedAt: null,
  createdAt: new Date("2026-11-01T04:30:00Z"),
  updatedAt: new Date("2026-11-02T10:00:00Z"),
} as Listed;

describe("toRow", () => {
  it("answers the list's fields, saying whether there is a CV and whether the data was erased", () => {
    expect(toRow(listed)).toStrictEqual({
      id: 9,
      job_id: 3,
      job_title: "Fleet Supervisor",
      general: false,
      first_name: "Meera",
      last_name: "Rao",
      email: "meera@example.com",
      phone: "+919876543210",
      city: "Pune",
      stage: "rejected",
      reject_reason: "not_a_fit",
      has_cv: true,
      keep_for_future: true,
      resubmissions: 2,
      anonymised: false,
      created_at: "2026-11-01T04:30:00.000Z",
      updated_at: "2026-11-02T10:00:00.000Z",
    });
    const erased = toRow({ ...listed, cvSize: null, anonymisedAt: new Date("2026-11-03T00:00:00Z") });
    expect(erased).toMatchObject({ has_cv: false, anonymised: true });
  });
});

describe("auditView", () => {
  it("keeps the job, stage and reason only: no name, contact or text to scrub later", () => {
    expect(auditView(listed)).toStrictEqual({ job_id: 3, stage: "rejected", reject_reason: "not_a_fit" });
  });
});
