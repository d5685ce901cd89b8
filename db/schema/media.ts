import { sql } from "drizzle-orm";
import { bigint, check, customType, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  // node-postgres answers a Buffer, PGlite a Uint8Array: one type for the services.
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Every stored variant of an uploaded image (docs/decisions/0002-media-in-database.md): kept in the
 * database so every instance serves every upload and one backup holds content and media together.
 */
export const mediaFiles = pgTable(
  "media_files",
  {
    /** The image id chosen by the server (32 hex digits), shared by all its variants. */
    id: text("id").notNull(),
    /** The variant's file name, e.g. `960.webp`. */
    file: text("file").notNull(),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: "media_files_pkey", columns: [t.id, t.file] })],
);

/**
 * One row (id = 1) counting changes to public content. Database triggers on the public-content tables
 * (migration 0002) bump it in the same statement as the change; page caches key on it.
 */
export const contentVersion = pgTable(
  "content_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check("content_version_single_row", sql`${t.id} = 1`)],
);
