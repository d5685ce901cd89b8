import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorToken } from "#tests/support/auth.ts";
import { createPost } from "#tests/support/factories.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";

let t: TestApp;
let token = "";
beforeAll(async () => {
  t = await createTestApp();
  token = await operatorToken(t.app, "editor");
});
afterAll(() => t.close());

const translate = (of: number, language: string, extra: object = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/blog",
    headers: { authorization: `Bearer ${token}` },
    payload: {
      heading: `${language} version`,
      full_description: "<p>अनुवाद</p>",
      language,
      translation_of: of,
      ...extra,
    },
  });

describe("a new translation's author", () => {
  it("is the source post's author when none is given", async () => {
    const source = await createPost(t.app.database.db, { author: "Meera Raghavan" });
    const res = await translate(source.id, "Hindi");
    expect(res.statusCode).toBe(201);
    expect(res.json().data.author).toBe("Meera Raghavan");
    const blank = await translate(source.id, "Tamil", { author: "   " });
    expect(blank.json().data.author).toBe("Meera Raghavan");
  });

  it("is the one named when the editor names another, and a post that translates nothing keeps its own", async () => {
    const source = await createPost(t.app.database.db, { author: "Meera Raghavan" });
    const res = await translate(source.id, "Hindi", { author: "Arjun Nair" });
    expect(res.json().data.author).toBe("Arjun Nair");
    const plain = await t.app.inject({
      method: "POST",
      url: "/api/blog",
      headers: { authorization: `Bearer ${token}` },
      payload: { heading: "Own post", full_description: "<p>x</p>" },
    });
    expect(plain.json().data.author).toBe("");
  });
});
