import { desc, sql, type SQL } from "drizzle-orm";
import { integer, PgDialect, pgTable, text } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { DomainError } from "./errors";
import { likePattern, orderBy } from "./sql";

describe("likePattern", () => {
  it("wraps the text so it matches anywhere", () => {
    expect(likePattern("freight")).toBe("%freight%");
  });

  it("escapes the LIKE wildcards and the escape character itself", () => {
    expect(likePattern("50%_off\\now")).toBe("%50\\%\\_off\\\\now%");
  });
});

describe("orderBy", () => {
  const table = pgTable("things", {
    id: integer("id"),
    name: text("name"),
    createdAt: integer("created_at"),
  });
  const render = (parts: SQL[]) => new PgDialect().sqlToQuery(sql.join(parts, sql`, `)).sql;

  it("sorts by a listed column either way, then by id", () => {
    expect(render(orderBy("name", { name: table.name }, desc(table.createdAt), table.id))).toBe(
      '"things"."name" asc, "things"."id" desc',
    );
    expect(render(orderBy("-name", { name: table.name }, desc(table.createdAt), table.id))).toBe(
      '"things"."name" desc, "things"."id" desc',
    );
  });

  it("falls back without a sort", () => {
    expect(render(orderBy(undefined, { name: table.name }, desc(table.createdAt), table.id))).toBe(
      '"things"."created_at" desc, "things"."id" desc',
    );
  });

  it.each(["toString", "constructor", "__proto__", "valueOf", "-hasOwnProperty", "nope"])(
    "refuses %s with a 400 that names the sortable columns",
    (sort) => {
      const attempt = () => orderBy(sort, { name: table.name }, desc(table.createdAt), table.id);
      expect(attempt).toThrow(DomainError);
      expect(attempt).toThrow(/cannot be sorted by ".+"\. Sort by one of: name/);
      try {
        attempt();
      } catch (error) {
        expect((error as DomainError).code).toBe("invalid");
      }
    },
  );

  it("says a fixed-order list cannot be sorted", () => {
    expect(() => orderBy("name", {}, desc(table.createdAt), table.id)).toThrow(
      "This list has a fixed order and cannot be sorted.",
    );
  });
});
