import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  contactRequests,
  crmLeads,
  crmNotes,
  feedback,
  jobApplicationNotes,
  jobApplications,
  members,
  memberVehicles,
  serviceRequests,
} from "#db/schema/index.ts";
import { enquiryInput } from "#tests/support/factories.ts";
import { memberBody } from "#tests/support/logistics-bodies.ts";
import { logisticsTestAppPerFile } from "./logistics-fixtures";

// A write and its audit entry commit together: when the audit INSERT fails (here a trigger refuses it, as a
// crash between the two would lose it), the change itself is rolled back and the caller is told.

const { call, db } = logisticsTestAppPerFile();

/** Every table a write below touches, as one comparable snapshot. */
const snapshot = async () => ({
  members: await db().select().from(members).orderBy(members.id),
  vehicles: await db().select().from(memberVehicles).orderBy(memberVehicles.id),
  requests: await db().select().from(serviceRequests).orderBy(serviceRequests.id),
  feedback: await db().select().from(feedback).orderBy(feedback.id),
  leads: await db().select().from(crmLeads).orderBy(crmLeads.id),
  notes: await db().select().from(crmNotes).orderBy(crmNotes.id),
  enquiries: await db().select().from(contactRequests).orderBy(contactRequests.id),
  applicationNotes: await db().select().from(jobApplicationNotes).orderBy(jobApplicationNotes.id),
});

describe("single-record writes and their audit entries", () => {
  it("changes nothing when the audit entry cannot be written", async () => {
    const member = (await call("POST", "/api/members", memberBody())).json().data;
    const vehicle = await call("POST", `/api/members/${member.user_id}/vehicles`, {
      vehicle_no: "MH12AB1234",
    });
    expect(vehicle.statusCode, vehicle.body).toBe(201);
    const [request, fastTag] = await db()
      .insert(serviceRequests)
      .values(
        (["insurance", "fast_tag"] as const).map((kind) => ({
          kind,
          memberId: member.user_id,
          vehicleNumber: "MH12AB0001",
          contactNo: member.phone,
        })),
      )
      .returning();
    const enquiry = await call("POST", "/api/contact_requests", enquiryInput);
    expect(enquiry.statusCode, enquiry.body).toBe(201);
    const [enquiryRow] = await db().select().from(contactRequests);
    const [application] = await db()
      .insert(jobApplications)
      .values({ firstName: "Asha", lastName: "Rao", email: "asha@example.com", phone: "+919812345678" })
      .returning();
    const item = (await call("POST", "/api/feedback", { kind: "complaint", text: "Late truck" })).json().data;
    const lead = (
      await call("POST", "/api/crm/leads", {
        name: "Audited lead",
        contact_no: "98111 77777",
        status: "HOT",
      })
    ).json().data;

    await db().execute(sql`create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit log unavailable'; end $$`);
    await db().execute(
      sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`,
    );
    const before = await snapshot();
    const vehicleId = before.vehicles[0]!.id;
    const writes = [
      ["POST", "/api/members", memberBody()],
      ["PATCH", `/api/members/${member.user_id}`, { company: "Changed Co" }],
      ["POST", `/api/members/${member.user_id}/vehicles`, { vehicle_no: "MH12AB9999" }],
      ["DELETE", `/api/members/${member.user_id}/vehicles/${vehicleId}`],
      ["PATCH", `/api/insurance/${request!.id}`, { status: "in_progress", notes: "Quote sent" }],
      ["PATCH", `/api/fast_tag/${fastTag!.id}`, { status: "in_progress", notes: "Tag ordered" }],
      ["PATCH", `/api/contact_requests/${enquiryRow!.id}`, { status: "contacted", notes: "Called back" }],
      ["POST", `/api/job_applications/${application!.id}/notes`, { text: "Strong payroll background" }],
      ["POST", "/api/feedback", { kind: "feedback", text: "More trucks" }],
      ["PATCH", `/api/feedback/${item.id}`, { status: "in_progress" }],
      ["POST", "/api/crm/leads", { name: "Unaudited lead", contact_no: "98111 88888", status: "COLD" }],
      ["PATCH", `/api/crm/leads/${lead.id}`, { status: "COLD" }],
      ["POST", `/api/crm/leads/${lead.id}/notes`, { note: "unaudited" }],
    ] as const;
    for (const [method, url, body] of writes) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeGreaterThanOrEqual(500);
    }
    expect(await snapshot()).toEqual(before);
  });
});
