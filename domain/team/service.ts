import { desc, eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { teamMembers } from "#db/schema/index.ts";
import type { TeamProfile } from "#schemas/team.ts";

const columns = {
  id: teamMembers.id,
  name: teamMembers.name,
  position: teamMembers.position,
  image: teamMembers.image,
  description: teamMembers.description,
  slug: teamMembers.slug,
  linkedin: teamMembers.linkedin,
};

export function createTeamService(db: Database) {
  return {
    /**
     * Members last-listed first: the spec's page shows this answer reversed, so the page reads in
     * sort_order (founder first) while the API keeps the original's ordering contract.
     */
    async list(): Promise<TeamProfile[]> {
      return db.select(columns).from(teamMembers).orderBy(desc(teamMembers.sortOrder), desc(teamMembers.id));
    },

    async get(id: number): Promise<TeamProfile | null> {
      const [row] = await db.select(columns).from(teamMembers).where(eq(teamMembers.id, id));
      return row ?? null;
    },

    /** The member whose page is /leadership/{slug}, or null. */
    async getBySlug(slug: string): Promise<TeamProfile | null> {
      const [row] = await db.select(columns).from(teamMembers).where(eq(teamMembers.slug, slug));
      return row ?? null;
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
