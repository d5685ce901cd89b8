import { describe, expectTypeOf, it } from "vitest";
import type { ContentAdminService } from "#domain/content-admin/service.ts";
import type { LogisticsService } from "#domain/logistics/index.ts";
import type { AnalyticsKpi, AnalyticsOverall } from "./analytics";
import type { BlogRow } from "./blog";
import type { JobRow } from "./job";
import type { TeamRow } from "./team";

// Checked by the type checker (npm run typecheck): the console reads these shapes from the API.
type Listed<List extends (...args: never[]) => Promise<{ rows: unknown[] }>> = Awaited<
  ReturnType<List>
>["rows"][number];
type Overall = Awaited<ReturnType<LogisticsService["analytics"]["overall"]>>;

describe("the console's response types", () => {
  it("are exactly the rows the content services list", () => {
    expectTypeOf<Listed<ContentAdminService["blog"]["list"]>>().toEqualTypeOf<BlogRow>();
    expectTypeOf<Listed<ContentAdminService["jobs"]["list"]>>().toEqualTypeOf<JobRow>();
    expectTypeOf<Listed<ContentAdminService["team"]["list"]>>().toEqualTypeOf<TeamRow>();
  });

  it("name every field of the analytics overview, with the types it sends", () => {
    expectTypeOf<Overall>().toExtend<AnalyticsOverall>();
    expectTypeOf<keyof Overall>().toEqualTypeOf<keyof AnalyticsOverall>();
    expectTypeOf<keyof Overall["kpis"][number]>().toEqualTypeOf<keyof AnalyticsKpi>();
    expectTypeOf<keyof Overall["current"]>().toEqualTypeOf<keyof AnalyticsOverall["current"]>();
  });
});
