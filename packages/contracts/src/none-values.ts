import { z } from "zod";
import { zDateString, zId, zInt } from "./primitives.js";

/**
 * The ways the original's own web client says "none", read as Plotline's none so that a client written
 * against the original works unchanged, in JSON, form and multipart bodies alike: `start_at=` (empty) for
 * no date, `type_id=false` for no type, `milestone=-1` for no milestone, and `notify_users` sent as one
 * comma-separated string (`''` or `"2,3"`).
 */

/** A YYYY-MM-DD date, or none: `null` or an empty string (the original's form sends `start_at=`). */
export const zOptionalDate = z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? null : value), zDateString.nullable());

const NO_TYPE: readonly unknown[] = [false, "false", "", 0, "0"];

/** A task type id, or none: `null`, `false`, `"false"`, `""` or `0` (the original sends `type_id=false`). */
export const zOptionalTypeId = z.preprocess((value) => (NO_TYPE.includes(value) ? null : value), zId.nullable());

/** A milestone id to link, 0 for none; the original's list form sends `-1` for none. */
export const zMilestoneLink = z.preprocess((value) => (value === -1 || value === "-1" ? 0 : value), zInt.min(0));

/**
 * User ids as a list (`notify_users[]=2`, a JSON array) or as one comma-separated string, as the original
 * sends it in multipart (`''` for nobody, `"2,3"`). Blank entries are dropped.
 */
export function zIdList(max: number) {
  return z.preprocess(
    (value) => (typeof value === "string" ? value.split(",").map((part) => part.trim()).filter((part) => part !== "") : value),
    z.array(zId).max(max),
  );
}
