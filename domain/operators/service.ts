import { hash, verify } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { Database } from "../../db/client";
import { operators } from "../../db/schema/index";
import { newOperatorSchema, passwordSchema, usernameSchema, type NewOperator } from "../../schemas/operator";

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);
export const verifyPassword = (passwordHash: string, password: string) =>
  verify(passwordHash, password).catch(() => false);

export function createOperatorService(db: Database) {
  return {
    async create(input: NewOperator) {
      const data = newOperatorSchema.parse(input);
      const [row] = await db
        .insert(operators)
        .values({ username: data.username, passwordHash: await hashPassword(data.password), role: data.role })
        .onConflictDoNothing()
        .returning({ id: operators.id, username: operators.username, role: operators.role });
      if (!row) throw new Error(`An operator named "${data.username}" already exists`);
      return row;
    },
    async resetPassword(username: string, password: string) {
      const name = usernameSchema.parse(username);
      const rows = await db
        .update(operators)
        .set({ passwordHash: await hashPassword(passwordSchema.parse(password)), updatedAt: new Date() })
        .where(eq(operators.username, name))
        .returning({ id: operators.id });
      if (rows.length === 0) throw new Error(`No operator named "${name}"`);
    },
    async findByUsername(username: string) {
      const [row] = await db
        .select()
        .from(operators)
        .where(eq(operators.username, username.trim().toLowerCase()));
      return row;
    },
    async count() {
      return db.$count(operators);
    },
    /**
     * Makes sure a fresh database has an admin: from ADMIN_USERNAME/ADMIN_PASSWORD, else a generated
     * password that is returned once so the caller can print it.
     */
    async ensureFirstAdmin(username?: string, password?: string) {
      if ((await db.$count(operators)) > 0) return null;
      const name = username ?? "admin";
      const secret = password ?? randomBytes(12).toString("base64url");
      await this.create({ username: name, password: secret, role: "admin" });
      return { username: name, generatedPassword: password ? null : secret };
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
