import { z } from "zod";
import { zFlag, zId, zTitle } from "./primitives.js";
import { userSchema } from "./users.js";

/**
 * Site-wide settings (`GET|POST /api/pm/v2/settings`), the site's front-end pages (`/api/pm/v2/pages`) and
 * the workforce-management departments (`/api/erp/v1/hrm/departments`).
 */

/** Who may create projects: site managers only (default), or every signed-in user. */
export const PROJECT_CREATE_CAPABILITIES = ["managers", "everyone"] as const;
export type ProjectCreateCapability = (typeof PROJECT_CREATE_CAPABILITIES)[number];

/** A page id, a file id or 0 for none, as a whole number or its text (never true, null or ""). */
const zIdOrNone = z.union([z.number(), z.string().trim().regex(/^\d+$/)]).transform(Number).pipe(z.number().int().min(0).max(2_147_483_647));

/** A boolean given as true/false, 0/1 or their text forms. */
const zSwitch = zFlag;

/**
 * Every known site setting: how its value is checked on write, its value when never saved, and the message
 * of a bad value. One table, read by the server (validation, defaults) and the web app (forms).
 */
export const SITE_SETTINGS = {
  /** The front-end page (a page id) at whose path the app is served without admin chrome; 0 = none. */
  front_end_page: { schema: zIdOrNone, default: 0, message: "front_end_page must be the id of a page, or 0 for none" },
  /** Whether tasks have a start date; when off, task date pickers are single-date (due date only). */
  task_start_field: { schema: zSwitch, default: true, message: "task_start_field must be true or false" },
  /** Whether members get a daily digest e-mail. */
  daily_digest: { schema: zSwitch, default: false, message: "daily_digest must be true or false" },
  /** The site logo (a site file id) shown in the header; 0 = none. */
  logo: { schema: zIdOrNone, default: 0, message: "logo must be the id of the uploaded logo, or 0 for none" },
  /** Who may create projects. */
  project_create_capability: {
    schema: z.enum(PROJECT_CREATE_CAPABILITIES),
    default: "managers",
    message: "project_create_capability must be one of: managers, everyone",
  },
  /**
   * The day weeks start on, 0 (Sunday, as the documents' US dates) to 6 (Saturday): the calendar's weeks and
   * every date picker follow it.
   */
  first_day_of_week: {
    schema: z.union([z.number(), z.string().trim().regex(/^\d$/)]).transform(Number).pipe(z.number().int().min(0).max(6)),
    default: 0,
    message: "first_day_of_week must be a day number from 0 (Sunday) to 6 (Saturday)",
  },
  /** Projects per page of the advanced report (module `reports`): 1 to 100. */
  project_per_page: {
    schema: z.union([z.number(), z.string().trim().regex(/^\d+$/)]).transform(Number).pipe(z.number().int().min(1).max(100)),
    default: 10,
    message: "project_per_page must be a whole number from 1 to 100",
  },
  /** The workforce-management integration: '1' on (departments on the project form), '0' off. */
  hrm_integration: {
    schema: z.union([z.literal("1"), z.literal("0"), z.literal(1), z.literal(0), z.boolean()]).transform((v): "1" | "0" => (v === "1" || v === 1 || v === true ? "1" : "0")),
    default: "0",
    message: "hrm_integration must be '1' (on) or '0' (off)",
  },
} as const;

/** The name of a known site setting. */
export type SiteSettingKey = keyof typeof SITE_SETTINGS;
export const SITE_SETTING_KEYS = Object.keys(SITE_SETTINGS) as SiteSettingKey[];

/** A site file shown with a setting (the logo): its name and where its bytes and thumbnail are. */
export const siteFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime_type: z.string(),
  /** Address of the image itself. */
  url: z.string(),
  /** Address of a small thumbnail (the image itself when none was made). */
  thumb: z.string(),
});
export type SiteFile = z.infer<typeof siteFileSchema>;

/** Every site setting with its value (the saved one or the default). */
export const siteSettingsSchema = z.object({
  front_end_page: z.number().int(),
  task_start_field: z.boolean(),
  daily_digest: z.boolean(),
  logo: z.number().int(),
  project_create_capability: z.enum(PROJECT_CREATE_CAPABILITIES),
  hrm_integration: z.enum(["1", "0"]),
  first_day_of_week: z.number().int().min(0).max(6),
  project_per_page: z.number().int().min(1).max(100),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** A front-end page: one of the paths the site serves the app at, as the host listed its pages. */
export const sitePageSchema = z.object({
  id: z.number().int(),
  post_title: z.string(),
  /** Absolute path such as `/workspace`. */
  path: z.string(),
});
export type SitePage = z.infer<typeof sitePageSchema>;

/**
 * `GET|POST /api/pm/v2/settings` answer: the values in `data`, and in `meta` the records they point at
 * (the logo file, the front-end page), or null.
 */
export const siteSettingsEnvelope = z.object({
  data: siteSettingsSchema,
  meta: z.object({ logo: siteFileSchema.nullable(), front_end_page: sitePageSchema.nullable() }),
  message: z.string().optional(),
});
export type SiteSettingsEnvelope = z.infer<typeof siteSettingsEnvelope>;

/** One `{ key, value }` pair of a settings write; the value is checked against the key's schema by the server. */
export const siteSettingInput = z.object({
  key: z.string().trim().min(1, "key is required").max(100),
  value: z.unknown(),
});
export type SiteSettingInput = z.infer<typeof siteSettingInput>;

/** `POST /api/pm/v2/settings`: one `{ key, value }`, or `{ settings: [{ key, value }, ...] }`. */
export const saveSiteSettingsBody = z
  .object({
    key: z.string().trim().min(1, "key is required").max(100).optional(),
    value: z.unknown().optional(),
    settings: z.array(siteSettingInput).min(1, "settings must have at least 1 item").max(50).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.settings === undefined && body.key === undefined) {
      ctx.addIssue({ code: "custom", path: ["key"], message: "key is required (or settings, a list of { key, value })" });
    }
  });
export type SaveSiteSettingsBody = z.infer<typeof saveSiteSettingsBody>;

/** The `{ key, value }` pairs of a settings write, whichever form it came in. */
export function siteSettingInputs(body: SaveSiteSettingsBody): SiteSettingInput[] {
  if (body.settings) return body.settings;
  return body.key === undefined ? [] : [{ key: body.key, value: body.value }];
}

/**
 * Checks one setting's value against its schema. Returns the parsed value, or a readable message naming
 * the key for an unknown key or a bad value.
 */
export function parseSiteSetting(key: string, value: unknown): { ok: true; key: SiteSettingKey; value: SiteSettings[SiteSettingKey] } | { ok: false; message: string } {
  if (!Object.hasOwn(SITE_SETTINGS, key)) return { ok: false, message: `Unknown setting ${key}` };
  const known = key as SiteSettingKey;
  const parsed = SITE_SETTINGS[known].schema.safeParse(value);
  if (!parsed.success) return { ok: false, message: SITE_SETTINGS[known].message };
  return { ok: true, key: known, value: parsed.data as SiteSettings[SiteSettingKey] };
}

/** Message of a bad page path. */
export const PAGE_PATH_MESSAGE = "Path must start with / and hold only lowercase letters, digits, dashes and slashes, such as /workspace";

/** A page path: `/workspace`, `/team/board`; lowercase letters, digits and dashes between slashes. */
export const zPagePath = z
  .string({ error: "Path is required" })
  .trim()
  .min(1, { error: "Path is required", abort: true })
  .max(100, "Path must have at most 100 characters")
  .regex(/^(\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/, PAGE_PATH_MESSAGE);

/** Paths that belong to the server itself and so cannot be pages. */
export const RESERVED_PAGE_PATHS = ["/api", "/assets"] as const;

/** `POST /api/pm/v2/pages`. */
export const createSitePageBody = z.object({
  post_title: z.string({ error: "Page title is required" }).trim().min(1, "Page title is required").max(200, "Page title must have at most 200 characters"),
  path: zPagePath,
});
export type CreateSitePageBody = z.infer<typeof createSitePageBody>;

/** `POST /api/pm/v2/pages/{id}/update`: only the fields given change, and at least one must be given. */
export const updateSitePageBody = z
  .object({
    post_title: z.string().trim().min(1, "Page title is required").max(200, "Page title must have at most 200 characters").optional(),
    path: zPagePath.optional(),
  })
  .refine((body) => body.post_title !== undefined || body.path !== undefined, "Give post_title or path to change");
export type UpdateSitePageBody = z.infer<typeof updateSitePageBody>;

/** `GET /api/pm/v2/pages`: every page, by title. */
export const sitePageListEnvelope = z.object({ data: z.array(sitePageSchema) });

/** A department of the workforce-management integration, with its people. */
export const departmentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Ids of the users in the department. */
  user_ids: z.array(z.number().int()),
  /** Number of users in the department. */
  users_count: z.number().int(),
  /** The users themselves, by name, for pickers and hints. */
  users: z.array(userSchema),
});
export type Department = z.infer<typeof departmentSchema>;

/** `GET /api/erp/v1/hrm/departments`. */
export const departmentListEnvelope = z.object({ data: z.array(departmentSchema) });

/** `POST /api/erp/v1/hrm/departments`. */
export const createDepartmentBody = z.object({
  title: zTitle(200),
  user_ids: z.array(zId).max(1000).default([]),
});
export type CreateDepartmentBody = z.infer<typeof createDepartmentBody>;

/** `POST /api/erp/v1/hrm/departments/{id}/update`: rename and/or replace the people. */
export const updateDepartmentBody = z.object({
  title: zTitle(200).optional(),
  user_ids: z.array(zId).max(1000).optional(),
});
export type UpdateDepartmentBody = z.infer<typeof updateDepartmentBody>;
