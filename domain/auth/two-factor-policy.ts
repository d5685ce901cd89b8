import { sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { roleTwoFactorPolicy } from "#db/schema/index.ts";
import { roles, type Role } from "#schemas/operator.ts";
import type { TwoFactorPolicy } from "#schemas/two-factor.ts";
import type { Actor, AuditService } from "../audit/service";

/** Operators who must enrol before they may do anything: their role requires it and they have no factor. */
// Table-qualified by hand: inside a subquery drizzle would render both "role" columns unqualified.
export const needsEnrolmentSql = sql<boolean>`(exists (select 1 from role_two_factor_policy p where p.role = "operators"."role" and p.required) and not exists (select 1 from operator_two_factor f where f.operator_id = "operators"."id"))`;

/** Which roles must sign in with a second factor, as the admins set it. */
export function createTwoFactorPolicy(db: Database, audit?: AuditService) {
  const policy = {
    /** Which roles must sign in with a second factor. */
    async policy(): Promise<TwoFactorPolicy> {
      const rows = await db.select().from(roleTwoFactorPolicy);
      const policy = Object.fromEntries(roles.map((role) => [role, false])) as TwoFactorPolicy;
      for (const row of rows) policy[row.role] = row.required;
      return policy;
    },

    async setPolicy(by: Actor, next: TwoFactorPolicy): Promise<TwoFactorPolicy> {
      const before = await policy.policy();
      await db.transaction(async (tx) => {
        for (const role of roles as readonly Role[])
          await tx
            .insert(roleTwoFactorPolicy)
            .values({ role, required: next[role] })
            .onConflictDoUpdate({
              target: roleTwoFactorPolicy.role,
              set: { required: next[role], updatedAt: new Date() },
            });
        await audit?.record(by, "update", "two_factor_policy", "roles", before, next, tx);
      });
      return next;
    },
  };
  return policy;
}
