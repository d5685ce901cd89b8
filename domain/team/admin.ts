import { and, asc, eq, ilike, like, ne, or } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { teamMembers } from "#db/schema/index.ts";
import type { ListQuery } from "#schemas/list-query.ts";
import { teamMemberInputSchema, type TeamMemberInput, type TeamRow } from "#schemas/team.ts";
import { slugify } from "#shared/slug.ts";
import type { Actor, AuditService } from "../audit/service";
import { auditedTable, pageOf } from "../audited-table";
import { DomainError } from "../errors";
import { isUniqueViolation } from "../logistics/common";
import { likePattern, orderBy } from "../sql";

type Page = Pick<ListQuery, "page" | "page_size" | "search" | "sort">;

export const teamRow = (r: typeof teamMembers.$inferSelect): TeamRow => ({
  id: r.id,
  name: r.name,
  position: r.position,
  image: r.image,
  description: r.description,
  slug: r.slug,
  linkedin: r.linkedin,
  sort_order: r.sortOrder,
});

const slugTaken = (slug: string) =>
  new DomainError(
    "conflict",
    `Another team member's page is already at /leadership/${slug}. Choose another address.`,
    {
      fields: { slug: "Another team member already has this page address" },
    },
  );

/**
 * The console's edits of the leadership team, each audited. A member's page address (slug) is the one the
 * editor typed, refused when another member has it; left empty, it is made from the name, with -2, -3 …
 * added when another member already has that one.
 */
export function createTeamAdmin(db: Database, audit: AuditService) {
  const team = auditedTable(db, audit, {
    table: teamMembers,
    auditName: "team_member",
    what: "Team member",
    toRecord: teamRow,
  });

  /** A free slug made from the name (the member's own one when `id` keeps it). */
  async function slugFromName(name: string, id: number | null): Promise<string> {
    const base = slugify(name).slice(0, 70).replace(/-+$/, "") || "member";
    const rows = await db
      .select({ slug: teamMembers.slug })
      .from(teamMembers)
      .where(
        and(
          or(eq(teamMembers.slug, base), like(teamMembers.slug, `${base}-%`)),
          id === null ? undefined : ne(teamMembers.id, id),
        ),
      );
    const taken = new Set(rows.map((r) => r.slug));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  async function values(input: TeamMemberInput, id: number | null) {
    const data = teamMemberInputSchema.parse(input);
    let slug = data.slug;
    if (!slug && id !== null) {
      // An edit that leaves the address empty keeps the one the member has.
      const [row] = await db
        .select({ slug: teamMembers.slug })
        .from(teamMembers)
        .where(eq(teamMembers.id, id));
      slug = row?.slug ?? null;
    }
    return {
      name: data.name,
      position: data.position,
      image: data.image,
      description: data.description,
      slug: slug ?? (await slugFromName(data.name, id)),
      linkedin: data.linkedin,
      sortOrder: data.sort_order,
    };
  }

  /** A unique-key refusal (two saves took the same address at once) named for the editor. */
  async function saving<T>(slug: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken(slug);
      throw error;
    }
  }

  return {
    async list(q: Page) {
      const where = q.search
        ? or(
            ilike(teamMembers.name, likePattern(q.search)),
            ilike(teamMembers.position, likePattern(q.search)),
          )
        : undefined;
      const order = orderBy(
        q.sort,
        { name: teamMembers.name, sort_order: teamMembers.sortOrder },
        asc(teamMembers.sortOrder),
        teamMembers.id,
      );
      const { rows, total } = await pageOf(db, teamMembers, q, where, order);
      return { rows: rows.map(teamRow), total };
    },
    async create(actor: Actor, input: TeamMemberInput) {
      const v = await values(input, null);
      return saving(v.slug, () => team.create(actor, v));
    },
    async update(actor: Actor, id: number, input: TeamMemberInput) {
      await team.find(id);
      const v = await values(input, id);
      return saving(v.slug, () => team.update(actor, id, { ...v, updatedAt: new Date() }));
    },
    remove: (actor: Actor, id: number) => team.remove(actor, id),
    restore: team.restore,
  };
}
