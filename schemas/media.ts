import { z } from "zod";

/** An uploaded image as stored (POST /api/uploads): WebP and AVIF sizes under one id. */
export const storedImageSchema = z.object({
  id: z.string(),
  url: z.string().describe("Middle width WebP, for a plain <img src>."),
  srcset: z.string(),
  avifSrcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type StoredImage = z.output<typeof storedImageSchema>;
