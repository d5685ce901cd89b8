import { slugify } from "#shared/slug.ts";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import {
  blogComments,
  blogPosts,
  jobs,
  members as membersTable,
  siteSettings,
  teamMembers,
} from "../schema/index";
import {
  bodyTypes,
  indianStates,
  serviceCategories,
  tonnageBands,
  truckBrands,
  tyreCounts,
} from "#schemas/logistics-options.ts";
import {
  cityByState,
  companySuffixes,
  demoJobs,
  demoPosts,
  demoSettings,
  type DemoPost,
  demoTeam,
  firstNames,
  lastNames,
  materials,
} from "./demo-content";
import { activityTimes } from "./activity";
import { seedDemoProof } from "./demo-proof";
import { demoTranslations } from "./demo-translations";
import { todayInIndia } from "#schemas/logistics.ts";

const DAY_MS = 86_400_000;

// Seeds the demo's own generator (dates) and the database's random() (names, cities): the same demo every time.
const DEMO_SEED = 36;

/**
 * Loads the demo site content and a logistics directory whose activity runs up to `now` (the first start),
 * so today, the last 7 days and this month show figures; with onlyIfEmpty it leaves a used database alone.
 */
export async function seedDemoContent(
  db: Database,
  { onlyIfEmpty = false, now = new Date() }: { onlyIfEmpty?: boolean; now?: Date } = {},
) {
  if (onlyIfEmpty && (await db.$count(blogPosts)) > 0) return false;
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  await db.transaction(async (tx) => {
    await tx.insert(siteSettings).values({ id: 1, data: demoSettings }).onConflictDoNothing();
    type Post = Omit<DemoPost, "language" | "tags"> & {
      language: string;
      tags: string;
      featureImage: string;
      translationGroup: number | null;
    };
    const insertPost = async (post: Post) => {
      const [row] = await tx
        .insert(blogPosts)
        .values({
          heading: post.heading,
          subHeading: post.sub_heading,
          fullDescription: post.full_description,
          featureImage: post.featureImage,
          imageAltText: post.image_alt_text,
          seoTitle: post.seo_title,
          metaDescription: post.meta_description,
          tags: post.tags,
          language: post.language,
          author: post.author,
          status: post.status,
          publishedAt: post.status === "published" ? daysAgo(post.daysAgo) : null,
          translationGroup: post.translationGroup,
          createdAt: daysAgo(post.daysAgo),
          updatedAt: daysAgo(post.daysAgo),
        })
        .returning({ id: blogPosts.id });
      if (post.comments.length > 0) {
        await tx.insert(blogComments).values(
          post.comments.map((c) => ({
            blogId: row!.id,
            name: c.name,
            emailId: c.email_id,
            comment: c.comment,
            createdAt: daysAgo(c.daysAgo),
          })),
        );
      }
      return row!.id;
    };
    const originals = new Map<string, { id: number; featureImage: string }>();
    for (const [i, post] of demoPosts.entries()) {
      // Each post its own picture, which its alt text describes (the picture's title says the same).
      const featureImage = `/images/blog/cover-${i + 1}.svg`;
      const id = await insertPost({ ...post, featureImage, translationGroup: null });
      originals.set(post.heading, { id, featureImage });
    }
    // After the originals, so their ids stay 1-7; each joins its original's group with its picture.
    for (const { of, ...translation } of demoTranslations) {
      const original = originals.get(of);
      if (!original) throw new Error(`demo translation of an unknown post: ${of}`);
      await insertPost({
        ...translation,
        featureImage: original.featureImage,
        translationGroup: original.id,
      });
    }
    await tx.insert(teamMembers).values(
      demoTeam.map((m, i) => ({
        name: m.name,
        position: m.position,
        description: m.description,
        image: `/images/team/member-${(i % 6) + 1}.svg`,
        slug: slugify(m.name),
        linkedin: m.linkedin ?? null,
        sortOrder: i,
      })),
    );
    await seedDemoProof(tx, now);
    await tx.insert(jobs).values(
      demoJobs.map((j) => ({
        jobTitle: j.job_title,
        company: j.company,
        location: j.location,
        salary: j.salary,
        employmentType: j.employment_type,
        jobDescription: j.job_description,
        responsibilities: j.responsibilities,
        requirements: j.requirements,
        status: j.status,
        createdAt: daysAgo(j.daysAgo),
        updatedAt: daysAgo(j.daysAgo),
      })),
    );
    // setseed holds for this connection only: the transaction keeps every statement on it.
    await tx.execute(sql`select setseed(${DEMO_SEED / 100})`);
    await generateLogistics(tx, demoCounts, { now, createdAt: recentActivity(now) });
  });
  return true;
}

const textArray = (values: readonly (string | number)[]) =>
  sql.raw(`array[${values.map((v) => `'${String(v).replace(/'/g, "''")}'`).join(",")}]`);
const intArray = (values: readonly number[]) => sql.raw(`array[${values.join(",")}]::int[]`);
const pick = (arr: ReturnType<typeof textArray>, length: number) =>
  sql`(${arr})[1 + floor(random() * ${sql.raw(String(length))})::int]`;

// RTO prefixes used to build plausible registration numbers (e.g. MH12AB1234).
const rtoPrefixes = [
  "MH12",
  "MH04",
  "DL01",
  "UP14",
  "UP16",
  "KA01",
  "KA05",
  "TN09",
  "TN22",
  "GJ01",
  "RJ14",
  "HR26",
  "TS09",
  "WB02",
  "PB10",
];

/** How many records of each kind one run of the generator adds. */
interface LogisticsCounts {
  members: number;
  loads: number;
  trucks: number;
  drivers: number;
  buySell: number;
  serviceRequests: number;
  feedback: number;
  leads: number;
  serviceHistory: number;
}

/** The scale generator's mix: members 15 %, loads 30 %, trucks 25 %, drivers 20 %, listings 10 %, the rest 2 % each. */
function countsForScale(total: number): LogisticsCounts {
  const share = (p: number) => Math.max(1, Math.round(total * p));
  return {
    members: share(0.15),
    loads: share(0.3),
    trucks: share(0.25),
    drivers: share(0.2),
    buySell: share(0.1),
    serviceRequests: share(0.02),
    feedback: share(0.02),
    leads: share(0.02),
    serviceHistory: share(0.02),
  };
}

/** The demo directory: about 980 records, two months of a young directory's activity. */
const demoCounts: LogisticsCounts = {
  members: 120,
  loads: 240,
  trucks: 180,
  drivers: 150,
  buySell: 75,
  serviceRequests: 72,
  feedback: 45,
  leads: 40,
  serviceHistory: 60,
};

/** The created_at of row `g` (1..rows) of one table, as SQL; `stream` gives each table its own sequence. */
type CreatedAt = (rows: number, stream: number) => SQL;

const overTheLastYear: CreatedAt = () => sql`now() - random() * interval '365 days'`;

/** The demo's activity (activity.ts) up to `now`, inlined as epoch seconds: row g gets the g-th oldest. */
const recentActivity =
  (now: Date): CreatedAt =>
  (rows, stream) => {
    const epochs = activityTimes(now, rows, DEMO_SEED + stream).map((t) => (t.getTime() / 1000).toFixed(3));
    return sql.raw(`to_timestamp((array[${epochs.join(",")}]::float8[])[g])`);
  };

// A lead's follow-up in days from today, cycled over the leads; null = none planned.
const followUpOffsets = [-6, -3, -1, 0, 0, 1, 2, 3, 5, 7, 10, 14, null];

/**
 * Generates `total` synthetic logistics records in the database itself (fast enough for millions):
 * members 15 %, loads 30 %, trucks 25 %, drivers 20 %, buy-and-sell listings 10 %, dated over the last year.
 */
export async function seedLogistics(db: Database, total: number) {
  await db.transaction(async (tx) => {
    // Loading millions of rows is a maintenance job: no request timeout, and memory to sort index builds.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    const indexes = await dropSecondaryIndexes(tx, bulkTables);
    // Per-row foreign-key checks and per-statement count triggers off for the load (rows are valid by
    // construction); needs a superuser, which the bench and the CLI are; without one, the load keeps them.
    const replica = await tx
      .transaction((sp) => sp.execute(sql`set local session_replication_role = replica`))
      .then(() => true)
      .catch(() => false);
    await generateLogistics(tx, countsForScale(total), { now: new Date(), createdAt: overTheLastYear });
    if (replica) {
      await tx.execute(sql`set local session_replication_role = origin`);
      await recountDays(tx);
    }
    // One sorted build per index is many times cheaper than growing it row by row (the trigram ones most).
    for (const statement of indexes) await tx.execute(sql.raw(statement));
  });
}

/** The tables the scale generator fills; member_vehicles keeps its unique index (the insert's ON CONFLICT). */
const bulkTables = [
  "members",
  "loads",
  "trucks",
  "drivers",
  "buy_sell_listings",
  "service_requests",
  "feedback",
  "crm_leads",
  "service_history",
];

/** Drops the indexes of `tables` that back no constraint (primary keys stay); returns their CREATE statements. */
async function dropSecondaryIndexes(db: Database, tables: string[]) {
  const result = (await db.execute(sql`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    where i.indrelid = any(${sql.raw(`array[${tables.map((t) => `'${t}'::regclass`).join(",")}]`)})
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`)) as unknown as
    { rows: { name: string; definition: string }[] } | { name: string; definition: string }[];
  const rows = Array.isArray(result) ? result : result.rows;
  for (const { name } of rows) await db.execute(sql.raw(`drop index ${name}`));
  return rows.map((r) => r.definition);
}

/** Rebuilds the daily counts the triggers keep (db/schema/logistics.ts) from the rows themselves. */
async function recountDays(db: Database) {
  for (const table of ["members", "loads", "trucks", "drivers", "buy_sell_listings"]) {
    await db.execute(sql`delete from logistics_daily_counts where table_name = ${table}`);
    await db.execute(sql`
      insert into logistics_daily_counts (table_name, day, imported, n)
      select ${table}, (created_at at time zone 'Asia/Kolkata')::date as d, import_batch_id is not null as i, count(*)
      from ${sql.identifier(table)} group by d, i`);
  }
}

async function generateLogistics(
  db: Database,
  counts: LogisticsCounts,
  { now, createdAt }: { now: Date; createdAt: CreatedAt },
) {
  const cities = Object.entries(cityByState).flatMap(([state, list]) =>
    list.map((city) => ({ state: Number(state), city })),
  );
  const cityArr = textArray(cities.map((c) => c.city));
  const cityStateArr = intArray(cities.map((c) => c.state));
  const n = cities.length;
  const cityIdx = (alias: string) => sql.raw(`(1 + floor(random() * ${n})::int) as ${alias}`);
  const firstArr = textArray(firstNames);
  const lastArr = textArray(lastNames);
  const suffixArr = textArray(companySuffixes);
  const vehicle = sql`(${textArray(rtoPrefixes)})[1 + floor(random() * ${sql.raw(String(rtoPrefixes.length))})::int] || chr(65 + floor(random() * 26)::int) || chr(65 + floor(random() * 26)::int) || lpad(floor(random() * 10000)::int::text, 4, '0')`;
  // India's calendar date, not the database session's (UTC until 05:30 in India).
  const today = todayInIndia(now);
  const { members } = counts;

  // Members first; phones are unique by construction (+91 9 followed by a running number).
  const [{ base }] = (await db
    .select({ base: sql<number>`coalesce(max(${membersTable.id}), 0)::int` })
    .from(membersTable)) as [{ base: number }];
  await db.execute(sql`
    insert into members (first_name, last_name, phone, company, state, service_category, created_at)
    select ${pick(firstArr, firstNames.length)}, ${pick(lastArr, lastNames.length)},
           '+919' || lpad((${base} + g)::text, 9, '0'),
           ${pick(lastArr, lastNames.length)} || ' ' || ${pick(suffixArr, companySuffixes.length)},
           1 + floor(random() * ${indianStates.length})::int,
           ${pick(textArray(serviceCategories), serviceCategories.length)}, ${createdAt(members, 1)}
    from generate_series(1, ${members}) g`);

  await db.execute(sql`
    insert into loads (member_id, contact_no, contact_name, company_name, from_city, from_state, to_city, to_state, material, weight_tons, body_type, tyres, tonnage_band, pickup_date, status, created_at)
    select m.id, m.phone, m.first_name || ' ' || m.last_name, m.company, (${cityArr})[f.i], (${cityStateArr})[f.i], (${cityArr})[t.i], (${cityStateArr})[t.i],
           ${pick(textArray(materials), materials.length)}, 1 + floor(random() * 40)::int,
           ${pick(textArray(bodyTypes), bodyTypes.length)}, (${intArray([...tyreCounts])})[1 + floor(random() * ${tyreCounts.length})::int],
           ${pick(textArray(tonnageBands), tonnageBands.length)}, (${today}::date + floor(random() * 30)::int)::date, 'open', c.created_at
    from generate_series(1, ${counts.loads}) g
    cross join lateral (select ${createdAt(counts.loads, 2)} as created_at, g as k) c
    cross join lateral (select ${cityIdx("i")}, g as k) f
    cross join lateral (select ${cityIdx("i")}, g as k) t
    cross join lateral (select * from members where id = ${base} + 1 + mod(abs(hashint4(g)::bigint), ${members})) m`);

  await db.execute(sql`
    insert into trucks (member_id, vehicle_number, contact_no, owner_name, company_name, body_type, tyres, tonnage_band, brand, state, from_city, to_city, created_at)
    select m.id, ${vehicle}, m.phone, m.first_name || ' ' || m.last_name, m.company,
           ${pick(textArray(bodyTypes), bodyTypes.length)}, (${intArray([...tyreCounts])})[1 + floor(random() * ${tyreCounts.length})::int],
           ${pick(textArray(tonnageBands), tonnageBands.length)}, ${pick(textArray(truckBrands), truckBrands.length)},
           m.state, (${cityArr})[1 + floor(random() * ${n})::int], (${cityArr})[1 + floor(random() * ${n})::int], ${createdAt(counts.trucks, 3)}
    from generate_series(1, ${counts.trucks}) g
    cross join lateral (select * from members where id = ${base} + 1 + mod(abs(hashint4(g + 7)::bigint), ${members})) m`);

  await db.execute(sql`
    insert into drivers (member_id, driver_name, vehicle_number, licence_number, contact_no, company_name, state, from_city, to_city, created_at)
    select m.id, m.first_name || ' ' || m.last_name, ${vehicle},
           'DL' || lpad(floor(random() * 100)::int::text, 2, '0') || (2000 + floor(random() * 25)::int)::text || lpad(floor(random() * 10000000)::int::text, 7, '0'),
           m.phone, m.company, m.state, (${cityArr})[1 + floor(random() * ${n})::int], (${cityArr})[1 + floor(random() * ${n})::int], ${createdAt(counts.drivers, 4)}
    from generate_series(1, ${counts.drivers}) g
    cross join lateral (select * from members where id = ${base} + 1 + mod(abs(hashint4(g + 13)::bigint), ${members})) m`);

  await db.execute(sql`
    insert into buy_sell_listings (member_id, owner_name, contact_no, vehicle_number, brand, model_year, kms_driven, price, location, state, images, created_at)
    select m.id, m.first_name || ' ' || m.last_name, m.phone, ${vehicle}, ${pick(textArray(truckBrands), truckBrands.length)},
           2008 + floor(random() * 17)::int, floor(random() * 900000)::int, (2 + floor(random() * 60)::int) * 100000,
           (${cityArr})[c.i], (${cityStateArr})[c.i], '[]'::jsonb, ${createdAt(counts.buySell, 5)}
    from generate_series(1, ${counts.buySell}) g
    cross join lateral (select ${cityIdx("i")}, g as k) c
    cross join lateral (select * from members where id = ${base} + 1 + mod(abs(hashint4(g + 29)::bigint), ${members})) m`);

  await db.execute(sql`
    insert into member_vehicles (member_id, vehicle_no, created_at)
    select member_id, vehicle_number, created_at from trucks where member_id > ${base} on conflict do nothing`);
  await db.execute(sql`
    insert into service_requests (kind, member_id, vehicle_number, contact_no, status, created_at)
    select case when t.id % 2 = 0 then 'insurance' else 'fast_tag' end, t.member_id, t.vehicle_number, t.contact_no,
           (array['new','in_progress','done'])[1 + floor(random() * 3)::int], ${createdAt(counts.serviceRequests, 6)}
    from (select *, (row_number() over (order by id desc))::int as g from trucks where member_id > ${base} order by id desc limit ${counts.serviceRequests}) t`);
  await db.execute(sql`
    insert into feedback (member_id, kind, text, status, created_at)
    select m.id, case when g % 3 = 0 then 'complaint' else 'feedback' end,
           (array['The load was matched within an hour, very useful.','Could not reach the truck owner listed for my route.','Please add more cities in the north-east.','Payment for the FASTag request took too long to confirm.','Great service from the support team.'])[1 + floor(random() * 5)::int],
           (array['open','in_progress','resolved'])[1 + floor(random() * 3)::int], ${createdAt(counts.feedback, 7)}
    from generate_series(1, ${counts.feedback}) g
    cross join lateral (select * from members where id = ${base} + 1 + mod(abs(hashint4(g + 41)::bigint), ${members})) m`);
  // A follow-up is never planned before the day the lead came in.
  await db.execute(sql`
    insert into crm_leads (name, contact_no, company, interest, status, follow_up_date, created_at)
    select ${pick(firstArr, firstNames.length)} || ' ' || ${pick(lastArr, lastNames.length)}, '+918' || lpad((${base} + g)::text, 9, '0'),
           ${pick(lastArr, lastNames.length)} || ' ' || ${pick(suffixArr, companySuffixes.length)},
           (array['Annual directory plan','Insurance renewal','FASTag fleet pack','Buy a used truck'])[1 + floor(random() * 4)::int],
           (array['HOT','WARM','COLD'])[1 + floor(random() * 3)::int],
           case when f.days is not null then greatest((c.created_at at time zone 'Asia/Kolkata')::date, ${today}::date + f.days) end,
           c.created_at
    from generate_series(1, ${counts.leads}) g
    cross join lateral (select ${createdAt(counts.leads, 8)} as created_at, g as k) c
    cross join lateral (select (${sql.raw(`array[${followUpOffsets.map((d) => d ?? "null").join(",")}]::int[]`)})[1 + g % ${sql.raw(String(followUpOffsets.length))}] as days) f`);
  await db.execute(sql`
    insert into service_history (member_id, service, note, amount, created_at)
    select m.id, (array['Directory listing','Insurance','FASTag','Load booking'])[1 + floor(random() * 4)::int], 'Completed', (1 + floor(random() * 50)::int) * 500, ${createdAt(counts.serviceHistory, 9)}
    from generate_series(1, ${counts.serviceHistory}) g
    cross join lateral (select * from members where id = ${base} + 1 + mod(abs(hashint4(g + 53)::bigint), ${members})) m`);
}
