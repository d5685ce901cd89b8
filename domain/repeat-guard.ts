import { and, gt, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#db/client.ts";
import { DomainError } from "./errors";

/** An identical public submission within this many seconds is a double click or a resend, not a new message. */
export const REPEAT_WINDOW_SECONDS = 60;

// Advisory locks of public submissions live under this first key (apart from token families and migrations);
// the second key is a hash of the submission's fingerprint.
const SUBMISSION_LOCK_SPACE = 736_037;

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Stores a visitor's submission unless an identical one (`same`: rows of `table` with the same sender and text)
 * was stored within the last minute, which is a conflict with `message`. The check and the insert run under a
 * lock on `fingerprint`, so two identical requests that arrive together store one row, on every instance.
 */
export async function insertUnlessRepeated<T>(
  db: Database,
  check: { fingerprint: readonly string[]; table: PgTable; createdAt: PgColumn; same: SQL; message: string },
  insert: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${SUBMISSION_LOCK_SPACE}, hashtext(${check.fingerprint.join("\u001f")}))`,
    );
    const recent = await tx
      .select({ one: sql`1` })
      .from(check.table)
      .where(
        and(check.same, gt(check.createdAt, sql`now() - make_interval(secs => ${REPEAT_WINDOW_SECONDS})`)),
      )
      .limit(1);
    if (recent.length > 0) throw new DomainError("conflict", check.message);
    return insert(tx);
  });
}
