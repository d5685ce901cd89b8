import { integer, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

/** When the row was added; the database sets it. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
/** When the row last changed; each update sets it. */
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** The row's owner: a row that cannot be without it, deleted with it. */
export const ownedBy = (name: string, owner: () => AnyPgColumn) =>
  integer(name).notNull().references(owner, { onDelete: "cascade" });
