import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FIGURES } from "#shared/figures.ts";
import { defaultComparison } from "#shared/content/comparison.ts";
import { testAppPerFile } from "#tests/support/app.ts";
import { operatorToken } from "#tests/support/auth.ts";

const t = testAppPerFile();
let admin = "";
let editor = "";
beforeAll(async () => {
  admin = await operatorToken(t().app, "admin");
  editor = await operatorToken(t().app, "editor");
});

const settings = {
  sales_email: "sales@northwind.example.com",
  info_email: "info@northwind.example.com",
  hr_email: "jobs@northwind.example.com",
  phone_india: "+91 120 111 2222",
  phone_us: "+1 202 555 0111",
  address: "Tower B, Ghaziabad, Uttar Pradesh, India",
  facebook: "https://www.facebook.com/northwind",
  twitter: "https://x.com/northwind",
  linkedin: "https://www.linkedin.com/company/northwind",
};

const put = (body: object, token = admin) =>
  t().app.inject({
    method: "PUT",
    url: "/api/site_settings",
    payload: body,
    headers: { authorization: `Bearer ${token}` },
  });

describe("the figures the site quotes", () => {
  it("are the defaults until an administrator saves them, then the saved ones", async () => {
    expect((await t().app.services.settings.get()).figures).toEqual(DEFAULT_FIGURES);
    const figures = { candidates: 7250, leadership_years: 118, centres_set_up: 11 };
    expect((await put({ ...settings, figures })).statusCode).toBe(200);
    expect((await t().app.services.settings.get()).figures).toEqual(figures);
  });

  it("refuses a figure that is not a whole number from 0, each with its own message, and changes nothing", async () => {
    const before = await t().app.services.settings.get();
    for (const [figures, message] of [
      [
        { candidates: -1, leadership_years: 100, centres_set_up: 0 },
        "figures.candidates: The number of candidates cannot be negative",
      ],
      [
        { candidates: 10, leadership_years: 1.5, centres_set_up: 0 },
        "figures.leadership_years: Enter a whole number of years",
      ],
      [
        { candidates: 10, leadership_years: 10, centres_set_up: "many" },
        "figures.centres_set_up: Enter the number of centres",
      ],
      [
        { candidates: 20_000_000, leadership_years: 10, centres_set_up: 0 },
        "figures.candidates: Enter at most 10,000,000 candidates",
      ],
    ] as const) {
      const res = await put({ ...settings, figures });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await t().app.services.settings.get()).toEqual(before);
  });

  it("are an administrator's to change, not an editor's", async () => {
    expect((await put({ ...settings, figures: DEFAULT_FIGURES }, editor)).statusCode).toBe(403);
  });
});

describe("the models' comparison texts", () => {
  it("saves every cell, and refuses an empty cell, an overlong one or a missing row", async () => {
    const comparison = structuredClone(defaultComparison);
    comparison.size.managed = "3 to 40 people.";
    expect((await put({ ...settings, model_comparison: comparison })).statusCode).toBe(200);
    expect((await t().app.services.settings.get()).model_comparison?.size.managed).toBe("3 to 40 people.");

    const empty = structuredClone(comparison);
    empty.risk.bot = "   ";
    const long = structuredClone(comparison);
    long.exit.captive = "x".repeat(301);
    const { ownership: _gone, ...missing } = comparison;
    for (const [bad, message] of [
      [empty, "model_comparison.risk.bot: Enter the text of this cell"],
      [long, "model_comparison.exit.captive: Keep each cell to 300 characters"],
      [missing, /^model_comparison\.ownership: /],
    ] as const) {
      const res = await put({ ...settings, model_comparison: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await t().app.services.settings.get()).model_comparison?.risk.bot).toBe(comparison.risk.bot);
  });
});
