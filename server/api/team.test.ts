import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { teamMembers } from "#db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createMember } from "#tests/support/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.database.db.delete(teamMembers);
});

const db = () => t.app.database.db;
const get = (url: string) => t.app.inject({ method: "GET", url });

describe("GET /api/teams/", () => {
  it("answers every member, last-listed first, so the page's reversal shows sort order", async () => {
    const founder = await createMember(db(), { name: "Founder", sortOrder: 0 });
    const coo = await createMember(db(), { name: "COO", sortOrder: 1, description: "" });
    const res = await get("/api/teams/");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: coo.id, name: "COO", position: coo.position, image: coo.image, description: "" },
      {
        id: founder.id,
        name: "Founder",
        position: founder.position,
        image: founder.image,
        description: founder.description,
      },
    ]);
  });

  it("answers an empty array when there is nobody", async () => {
    expect((await get("/api/teams")).json()).toEqual([]);
  });
});

describe("GET /api/teams/{id}/", () => {
  it("answers one member", async () => {
    const member = await createMember(db(), { name: "Kavita Iyer", position: "Head of Consulting" });
    const res = await get(`/api/teams/${member.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: member.id,
      name: "Kavita Iyer",
      position: "Head of Consulting",
      image: member.image,
      description: member.description,
    });
  });

  it("answers 404 JSON for an unknown member", async () => {
    const res = await get("/api/teams/424242/");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: "Team member not found", data: [] });
  });

  it.each(["12abc", "-1", "1.5", "0", "007", "99999999999", "abc"])(
    "refuses the id %j with 400",
    async (id) => {
      await createMember(db());
      const res = await get(`/api/teams/${id}/`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("id: Enter a valid id (a positive whole number)");
    },
  );
});
