import { z } from "zod";

/** `GET /api/health`. */
export const healthSchema = z.object({ status: z.literal("ok"), database: z.enum(["sqlite", "postgres"]) });
export type Health = z.infer<typeof healthSchema>;
