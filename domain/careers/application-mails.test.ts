import { describe, expect, it } from "vitest";
import type { ApplicationFields } from "#schemas/application.ts";
import { candidateConfirmation, hiringNotification, mailAbout } from "./application-mails";

const job = { title: "Fleet Supervisor", company: "GCC Logistics" };
const fields: ApplicationFields = {
  first_name: "Meera",
  last_name: "Rao",
  email: "meera@example.com",
  phone: "+919876543210",
  cover_note: "I ran a fleet of 40 trucks.",
  profile_url: "https://example.com/meera",
  city: "Pune",
  notice_period: "30 days",
  consent_processing: true,
  keep_cv: true,
};
const bare: ApplicationFields = {
  ...fields,
  cover_note: "",
  profile_url: "",
  city: "",
  notice_period: "",
  keep_cv: false,
};
const sent = { id: 42, cv: { fileName: "meera.pdf", size: 1025 }, consoleAddress: "https://console.example" };

describe("candidateConfirmation", () => {
  it("thanks a first applicant and says the CV may be kept when they agreed", () => {
    expect(candidateConfirmation({ job, fields })).toEqual({
      subject: "We received your application: Fleet Supervisor",
      text: [
        "Dear Meera,",
        "",
        "Thank you for applying for Fleet Supervisor at GCC Logistics. We have received your application and CV.",
        "Our hiring team reviews every application and will contact you if your profile matches the role.",
        "",
        "You agreed that we may keep your CV for future openings for up to 365 days.",
        "You can ask us to see or erase your data at any time by replying to this e-mail.",
        "",
        "GCC Logistics",
      ].join("\n"),
    });
    expect(candidateConfirmation({ job, fields: bare }).text).toContain(
      "\n\nWe use your details only for this position.\n",
    );
  });

  it("answers a repeat with the same subject, the name on file, and what happened to it", () => {
    const repeat = candidateConfirmation({
      job,
      fields: { ...fields, first_name: "Someone", keep_cv: true },
      existing: { firstName: "Meera", stage: "interview", keepForFuture: false },
    });
    expect(repeat).toEqual({
      subject: "We received your application: Fleet Supervisor",
      text: [
        "Dear Meera,",
        "",
        "You had applied for Fleet Supervisor at GCC Logistics before. We have kept your application as it was and added what you just sent beside it, for the hiring team to see.",
        "If you did not send it, reply to this e-mail and we will remove it.",
        "",
        "We use your details only for this position.",
        "You can ask us to see or erase your data at any time by replying to this e-mail.",
        "",
        "GCC Logistics",
      ].join("\n"),
    });
  });

  it("tells a rejected candidate who applies again that the team will look at it", () => {
    const again = candidateConfirmation({
      job,
      fields: bare,
      existing: { firstName: "Meera", stage: "rejected", keepForFuture: true },
    });
    expect(again.text.split("\n").slice(2, 6)).toEqual([
      "We decided earlier not to take your application for Fleet Supervisor further. We have added what you just sent to it, and the hiring team will look at it; they will contact you if they reconsider.",
      "If you did not send it, reply to this e-mail and we will remove it.",
      "",
      "You agreed that we may keep your CV for future openings for up to 365 days.",
    ]);
  });
});

describe("hiringNotification", () => {
  it("lists everything a first application sent, and links to it in the console", () => {
    const answers = [
      { question: "Do you hold a heavy vehicle licence?", answer: "Yes" },
      { question: "Anything else?", answer: "" },
    ];
    expect(hiringNotification({ job, fields, ...sent, answers })).toEqual({
      subject: "New application: Fleet Supervisor from Meera Rao",
      text: [
        "Job: Fleet Supervisor (GCC Logistics)",
        "Name: Meera Rao",
        "E-mail: meera@example.com",
        "Phone: +919876543210",
        "City: Pune",
        "Notice period: 30 days",
        "Profile: https://example.com/meera",
        "CV: meera.pdf (2 KB)",
        "Do you hold a heavy vehicle licence? Yes",
        "Anything else? -",
        "",
        "I ran a fleet of 40 trucks.",
        "",
        "Open it in the console: https://console.example/dashboard/applications?open=42",
      ].join("\n"),
    });
  });

  it("marks the fields left empty, and says a repeat changed nothing and may not be the candidate", () => {
    const repeat = hiringNotification({
      job,
      fields: bare,
      ...sent,
      cv: { fileName: "cv.docx", size: 1024 },
      answers: [],
      existing: { firstName: "Meera", stage: "offer", keepForFuture: false },
    });
    expect(repeat.subject).toBe("Sent again: Fleet Supervisor from Meera Rao");
    expect(repeat.text).toBe(
      [
        "This was sent with the address of an application already in the console (Offer). Nothing in the application was changed: what was sent is kept beside it. Anyone who knows the address can send the form, so compare before you rely on it.",
        "",
        "Job: Fleet Supervisor (GCC Logistics)",
        "Name: Meera Rao",
        "E-mail: meera@example.com",
        "Phone: +919876543210",
        "City: -",
        "Notice period: -",
        "Profile: -",
        "CV: cv.docx (1 KB)",
        "",
        "(no cover note)",
        "",
        "Open it in the console: https://console.example/dashboard/applications?open=42",
      ].join("\n"),
    );
    const afterRejection = hiringNotification({
      job,
      fields,
      ...sent,
      answers: [],
      existing: { firstName: "Meera", stage: "rejected", keepForFuture: false },
    });
    expect(afterRejection.subject).toBe("Sent again after a rejection: Fleet Supervisor from Meera Rao");
    expect(afterRejection.text).toMatch(/^This was sent .* \(Rejected\)\./);
  });
});

describe("mailAbout", () => {
  it("names the application a mail carries personal data of", () => {
    expect(mailAbout(42)).toBe("job_application:42");
  });
});
