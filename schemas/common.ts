import { z } from "zod";

/** Largest value a PostgreSQL `serial` id can hold. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record id from a path, query string or JSON body, checked strictly: "12abc", "-1", "1.5", "012",
 * " 7" and values beyond the id range are refused instead of being coerced into some other id.
 */
export const recordId = (message = "Enter a valid id (a positive whole number)") =>
  z
    .union(
      [
        z
          .string()
          .regex(/^[1-9]\d{0,9}$/, message)
          .transform(Number),
        z.number().int(message).positive(message),
      ],
      { error: message },
    )
    .pipe(z.number().max(MAX_RECORD_ID, message));
