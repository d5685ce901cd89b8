import { sql, type SQL } from "drizzle-orm";

/**
 * A record's name for people, read from its JSON (a trash row by column names, or an audit entry's
 * before/after by API field names, which agree): a post's heading, a job's or case study's title, a testimonial's person, a person's name, a
 * vehicle number, a load's route, the start of a comment or feedback, an import's file. NULL when none applies.
 */
export function recordNameOf(json: SQL): SQL<string | null> {
  const field = (key: string) => sql`nullif(trim(${json}->>${sql.raw(`'${key}'`)}), '')`;
  // A load's arrow is written \u2192: one character outside ASCII makes V8 hold the server bundle at two bytes each.
  return sql<string | null>`coalesce(
    ${field("heading")},
    ${field("job_title")},
    ${field("title")},
    ${field("person")},
    ${field("driver_name")},
    nullif(trim(concat_ws(' ', ${json}->>'first_name', ${json}->>'last_name')), ''),
    ${field("name")},
    ${field("username")},
    ${field("vehicle_number")},
    case when ${json}->>'from_city' is not null then concat(${json}->>'from_city', ' \u2192 ', ${json}->>'to_city') end,
    left(${field("text")}, 80),
    left(${field("comment")}, 80),
    ${field("file_name")}
  )`;
}
