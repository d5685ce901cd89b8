import { sql } from "drizzle-orm";
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
} from "../../schemas/logistics-options";
import {
  cityByState,
  companySuffixes,
  demoJobs,
  demoPosts,
  demoSettings,
  demoTeam,
  firstNames,
  lastNames,
  materials,
} from "./demo-content";

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** Loads the demo site content and a small logistics directory; with onlyIfEmpty it leaves a used database alone. */
export async function seedDemoContent(db: Database, { onlyIfEmpty = false } = {}) {
  if (onlyIfEmpty && (await db.$count(blogPosts)) > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(siteSettings).values({ id: 1, data: demoSettings }).onConflictDoNothing();
    for (const post of demoPosts) {
      const published = post.status === "published";
      const [row] = await tx
        .insert(blogPosts)
        .values({
          heading: post.heading,
          subHeading: post.sub_heading,
          fullDescription: post.full_description,
          featureImage: `/images/blog/cover-${(demoPosts.indexOf(post) % 4) + 1}.svg`,
          imageAltText: post.image_alt_text,
          seoTitle: post.seo_title,
          metaDescription: post.meta_description,
          tags: post.tags,
          language: post.language,
          author: post.author,
          status: post.status,
          publishedAt: published ? daysAgo(post.daysAgo) : null,
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
    }
    await tx.insert(teamMembers).values(
      demoTeam.map((m, i) => ({
        name: m.name,
        position: m.position,
        description: m.description,
        image: `/images/team/member-${(i % 6) + 1}.svg`,
        sortOrder: i,
      })),
    );
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
  });
  await seedLogistics(db, 400);
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

/**
 * Generates `total` synthetic logistics records in the database itself (fast enough for millions):
 * members 15 %, loads 30 %, trucks 25 %, drivers 20 %, buy-and-sell listings 10 %, dated over the last year.
 */
export async function seedLogistics(db: Database, total: number) {
  const share = (p: number) => Math.max(1, Math.round(total * p));
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
  const createdAt = sql`now() - random() * interval '365 days'`;
  const members = share(0.15);

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
           ${pick(textArray(serviceCategories), serviceCategories.length)}, ${createdAt}
    from generate_series(1, ${members}) g`);

  await db.execute(sql`
    insert into loads (member_id, contact_no, contact_name, company_name, from_city, from_state, to_city, to_state, material, weight_tons, body_type, tyres, tonnage_band, pickup_date, status, created_at)
    select m.id, m.phone, m.first_name || ' ' || m.last_name, m.company, (${cityArr})[f.i], (${cityStateArr})[f.i], (${cityArr})[t.i], (${cityStateArr})[t.i],
           ${pick(textArray(materials), materials.length)}, 1 + floor(random() * 40)::int,
           ${pick(textArray(bodyTypes), bodyTypes.length)}, (${intArray([...tyreCounts])})[1 + floor(random() * ${tyreCounts.length})::int],
           ${pick(textArray(tonnageBands), tonnageBands.length)}, (current_date + floor(random() * 30)::int)::date, 'open', c.created_at
    from generate_series(1, ${share(0.3)}) g
    cross join lateral (select ${createdAt} as created_at, g as k) c
    cross join lateral (select ${cityIdx("i")}, g as k) f
    cross join lateral (select ${cityIdx("i")}, g as k) t
    cross join lateral (select * from members where id = ${base} + 1 + mod(abs(hashint4(g)::bigint), ${members})) m`);

  await db.execute(sql`
    insert into trucks (member_id, vehicle_number, contact_no, owner_name, company_name, body_type, tyres, tonnage_band, brand, state, from_city, to_city, created_at)
    select m.id, ${vehicle}, m.phone, m.first_name || ' ' || m.last_name, m.company,
           ${pick(textArray(bodyTypes), bodyTypes.length)}, (${intArray([...tyreCounts])})[1 + floor(random() * ${tyreCounts.length})::int],
           ${pick(textArray(tonnageBands), tonnageBands.length)}, ${pick(textArray(truckBrands), truckBrands.length)},
           m.state, (${cityArr})[1 + floor(random() * ${n})::int], (${cityArr})[1 + floor(random() * ${n})::int], ${createdAt}
    from generate_series(1, ${share(0.25)}) g
    cross join lateral (select * from members where id = ${base} + 1 + mod(abs(hashint4(g + 7)::bigint), ${members})) m`);

  await db.execute(sql`
    insert into drivers (member_id, driver_name, vehicle_number, licence_number, contact_no, company_name, state, from_city, to_city, created_at)
    select m.id, m.first_name || ' ' || m.last_name, ${vehicle},
           'DL' || lpad(floor(random() * 100)::int::text, 2, '0') || (2000 + floor(random() * 25)::int)::text || lpad(floor(random() * 10000000)::int::text, 7, '0'),
           m.phone, m.company, m.state, (${cityArr})[1 + floor(random() * ${n})::int], (${cityArr})[1 + floor(random() * ${n})::int], ${createdAt}
    from generate_series(1, ${share(0.2)}) g
    cross join lateral (select * from members where id = ${base} + 1 + mod(abs(hashint4(g + 13)::bigint), ${members})) m`);

  await db.execute(sql`
    insert into buy_sell_listings (member_id, owner_name, contact_no, vehicle_number, brand, model_year, kms_driven, price, location, state, images, created_at)
    select m.id, m.first_name || ' ' || m.last_name, m.phone, ${vehicle}, ${pick(textArray(truckBrands), truckBrands.length)},
           2008 + floor(random() * 17)::int, floor(random() * 900000)::int, (2 + floor(random() * 60)::int) * 100000,
           (${cityArr})[c.i], (${cityStateArr})[c.i], '[]'::jsonb, ${createdAt}
    from generate_series(1, ${share(0.1)}) g
    cross join lateral (select ${cityIdx("i")}, g as k) c
    cross join lateral (select * from members where id = ${base} + 1 + mod(abs(hashint4(g + 29)::bigint), ${members})) m`);

  const small = Math.max(1, Math.round(total * 0.02));
  await db.execute(sql`
    insert into member_vehicles (member_id, vehicle_no)
    select member_id, vehicle_number from trucks where member_id > ${base} on conflict do nothing`);
  await db.execute(sql`
    insert into service_requests (kind, member_id, vehicle_number, contact_no, status, created_at)
    select case when t.id % 2 = 0 then 'insurance' else 'fast_tag' end, t.member_id, t.vehicle_number, t.contact_no,
           (array['new','in_progress','done'])[1 + floor(random() * 3)::int], ${createdAt}
    from (select * from trucks where member_id > ${base} order by id desc limit ${small}) t`);
  await db.execute(sql`
    insert into feedback (member_id, kind, text, status, created_at)
    select m.id, case when g % 3 = 0 then 'complaint' else 'feedback' end,
           (array['The load was matched within an hour, very useful.','Could not reach the truck owner listed for my route.','Please add more cities in the north-east.','Payment for the FASTag request took too long to confirm.','Great service from the support team.'])[1 + floor(random() * 5)::int],
           (array['open','in_progress','resolved'])[1 + floor(random() * 3)::int], ${createdAt}
    from generate_series(1, ${small}) g
    cross join lateral (select * from members where id = ${base} + 1 + mod(abs(hashint4(g + 41)::bigint), ${members})) m`);
  await db.execute(sql`
    insert into crm_leads (name, contact_no, company, interest, status, follow_up_date, created_at)
    select ${pick(firstArr, firstNames.length)} || ' ' || ${pick(lastArr, lastNames.length)}, '+918' || lpad((${base} + g)::text, 9, '0'),
           ${pick(lastArr, lastNames.length)} || ' ' || ${pick(suffixArr, companySuffixes.length)},
           (array['Annual directory plan','Insurance renewal','FASTag fleet pack','Buy a used truck'])[1 + floor(random() * 4)::int],
           (array['HOT','WARM','COLD'])[1 + floor(random() * 3)::int], (current_date + (floor(random() * 20)::int - 5))::date, ${createdAt}
    from generate_series(1, ${small}) g`);
  await db.execute(sql`
    insert into service_history (member_id, service, note, amount, created_at)
    select m.id, (array['Directory listing','Insurance','FASTag','Load booking'])[1 + floor(random() * 4)::int], 'Completed', (1 + floor(random() * 50)::int) * 500, ${createdAt}
    from generate_series(1, ${small}) g
    cross join lateral (select * from members where id = ${base} + 1 + mod(abs(hashint4(g + 53)::bigint), ${members})) m`);
}
