import { createOperatorService } from "#domain/operators/service.ts";
import type { FastifyInstance } from "fastify";
import type { Database } from "#db/client.ts";
import type { Services } from "#domain/services.ts";
import { blogComments, blogPosts, jobs, teamMembers } from "#db/schema/index.ts";

type PostRow = typeof blogPosts.$inferInsert;
type CommentRow = typeof blogComments.$inferInsert;
type MemberRow = typeof teamMembers.$inferInsert;
type JobRow = typeof jobs.$inferInsert;

let sequence = 0;
const next = () => ++sequence;
const DAY_MS = 86_400_000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** A published post (stored as given, like seeded or legacy rows: no sanitising on the way in). */
export async function createPost(db: Database, overrides: Partial<PostRow> = {}) {
  const n = next();
  const published = (overrides.status ?? "published") === "published";
  const [row] = await db
    .insert(blogPosts)
    .values({
      heading: `Test post ${n}`,
      subHeading: `Sub heading ${n}`,
      fullDescription: `<p>Body of post ${n}</p>`,
      featureImage: "/images/blog/cover-1.svg",
      imageAltText: `Cover of post ${n}`,
      tags: "GCC, India",
      author: "Test Author",
      status: "published",
      publishedAt: published ? daysAgo(1) : null,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createComment(db: Database, overrides: Partial<CommentRow> & { blogId: number }) {
  const n = next();
  const [row] = await db
    .insert(blogComments)
    .values({ name: `Reader ${n}`, emailId: `reader${n}@example.com`, comment: `Comment ${n}`, ...overrides })
    .returning();
  return row!;
}

/**
 * Makes `email` a returning commenter (a published comment on a post of its own), so that address's next
 * comment without a link is published at once instead of waiting for moderation.
 */
export async function knownCommenter(db: Database, email: string) {
  const post = await createPost(db, { heading: `Earlier post ${next()}` });
  await createComment(db, { blogId: post.id, emailId: email });
}

export async function createMember(db: Database, overrides: Partial<MemberRow> = {}) {
  const n = next();
  const [row] = await db
    .insert(teamMembers)
    .values({
      name: `Member ${n}`,
      position: `Position ${n}`,
      image: "/images/team/member-1.svg",
      description: `About member ${n}.`,
      slug: `member-${n}`,
      sortOrder: n,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createJob(db: Database, overrides: Partial<JobRow> = {}) {
  const n = next();
  const [row] = await db
    .insert(jobs)
    .values({
      jobTitle: `Job ${n}`,
      company: "GCC View 360",
      location: "Pune",
      salary: "10,00,000 - 12,00,000 per annum",
      jobDescription: `<p>Description of job ${n}</p>`,
      responsibilities: [`Responsibility ${n}`],
      requirements: [`Requirement ${n}`],
      ...overrides,
    })
    .returning();
  return row!;
}

export interface RunningSite {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The built site served in this process on a fresh database with the demo content, for browser tests
 * that need their own data (`seed`) or a failing service (`patch`, e.g. make a query throw).
 */
export async function startSite(
  options: {
    seed?: (db: Database) => Promise<unknown>;
    patch?: (services: Services) => void;
  } = {},
): Promise<RunningSite> {
  const { rmSync } = await import("node:fs");
  const { buildApp } = await import("#server/app.ts");
  const { loadServerBuild } = await import("#server/ssr.ts");
  const { seedDemoContent } = await import("#db/seed/demo.ts");
  const { createTestDatabase } = await import("./database");
  const { testConfig } = await import("./app");
  const { dataDir, config } = testConfig(
    {
      NODE_ENV: "production",
      PUBLIC_FORM_RATE_LIMIT: "1000",
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
    },
    "gcc-site-",
  );
  const database = await createTestDatabase();
  await seedDemoContent(database.db);
  await options.seed?.(database.db);
  const app = await buildApp({ config, database, serverBuild: await loadServerBuild(config.BUILD_DIR) });
  options.patch?.(app.services);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  // Canonical URLs and share links point at this server.
  config.PUBLIC_BASE_URL = url;
  return {
    url,
    app,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An admin operator and the actor the domain services record in the audit log. */
export async function createActor(db: Database, username = `ops${next()}`) {
  const operator = await createOperatorService(db).create({
    username,
    password: "ops-password-long-enough",
    role: "admin",
  });
  return { operatorId: operator.id, username };
}

/** A contact enquiry the public form accepts (POST /api/contact_requests). */
let enquiries = 0;
export const enquiryInput = {
  first_name: "Asha",
  last_name: "Verma",
  email: "asha.verma@example.com",
  // A new message at each use (spread or serialised): an identical enquiry within a minute is refused (409).
  get message() {
    return `We are planning a 50-person engineering centre in Pune next year (enquiry ${++enquiries}).`;
  },
  privacy_consent: true,
};

/** A draft blog post as the console's editor sends it (POST /api/blog), every field filled. */
export const postInput = (over: Record<string, unknown> = {}) => ({
  heading: "A post",
  sub_heading: "A valid post",
  full_description: "<p>Body</p>",
  feature_image: null as string | null,
  image_alt_text: "",
  seo_title: "",
  meta_description: "",
  tags: "GCC",
  language: "English",
  author: "Editor",
  status: "draft",
  ...over,
});
