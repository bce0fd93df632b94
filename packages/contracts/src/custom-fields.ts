import { z } from "zod";
import { dateObjectSchema } from "./envelope.js";
import { LINE_CONTROL_CHARACTERS, TEXT_CONTROL_CHARACTERS, zDateString, zFlag, zId, zInt, zTitle } from "./primitives.js";

/**
 * Custom fields (Pro module `custom_fields`): fields a project (or the whole site) adds to its tasks.
 *
 * - A project's fields: `GET|POST /api/pm-pro/v2/projects/{p}/custom-fields` (the list holds the site-wide
 *   fields first, then the project's own), `POST .../custom-fields/{id}/update`,
 *   `POST .../custom-fields/{id}/delete`, `POST .../custom-fields/sorting` (answers the list).
 * - Site-wide fields, offered to every project: the same calls under `/api/pm-pro/v2/custom-fields`.
 * - Tasks answer `custom_fields` (field id -> value, only fields that hold a value) and accept
 *   `custom_fields` on create and update (`null` clears a value); `GET pm/v2/tasks` and the project tasks
 *   call filter by `cf[<id>]=value` (see `CustomFieldFilter`).
 */

/** The kinds of field, in the order the "new field" form offers them. */
export const CUSTOM_FIELD_TYPES = ["text", "long_text", "number", "dropdown", "multi_select", "date", "checkbox", "url", "user"] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const zCustomFieldType = z.enum(CUSTOM_FIELD_TYPES);

/** The kinds whose values are options of the field. */
export const CUSTOM_FIELD_CHOICE_TYPES = ["dropdown", "multi_select"] as const satisfies readonly CustomFieldType[];
export function isChoiceType(type: CustomFieldType): type is "dropdown" | "multi_select" {
  return type === "dropdown" || type === "multi_select";
}

/** Limits. */
export const CUSTOM_FIELD_TITLE_MAX = 100;
export const CUSTOM_FIELD_DESCRIPTION_MAX = 2000;
export const CUSTOM_FIELD_OPTION_TITLE_MAX = 100;
export const CUSTOM_FIELD_OPTIONS_MAX = 200;
/** Longest value of a `text` field (one line). */
export const CUSTOM_FIELD_TEXT_MAX = 255;
/** Longest value of a `long_text` field. */
export const CUSTOM_FIELD_LONG_TEXT_MAX = 20_000;
export const CUSTOM_FIELD_URL_MAX = 2000;
/** Largest magnitude of a `number` value (keeps every value exact in a double). */
export const CUSTOM_FIELD_NUMBER_MAX = 1e15;
/** Most fields one scope (a project, or the site) may have. */
export const CUSTOM_FIELDS_PER_SCOPE_MAX = 100;

/** What each kind of field holds, as tasks answer and accept it. */
export interface CustomFieldValueByType {
  /** One line of text, at most 255 characters. */
  text: string;
  /** Text with line breaks, at most 20,000 characters. */
  long_text: string;
  /** A number (decimals allowed). */
  number: number;
  /** The id of one of the field's options. */
  dropdown: number;
  /** Ids of the field's options, without repeats, in the options' order. */
  multi_select: number[];
  /** A day, `YYYY-MM-DD`. */
  date: string;
  /** Ticked or not. */
  checkbox: boolean;
  /** An http(s) address. */
  url: string;
  /** The id of a user (on a task: a member of its project). */
  user: number;
}
export type CustomFieldValue = CustomFieldValueByType[CustomFieldType];

/** Any value as the API sends it. */
export const customFieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.number().int())]);

/** `custom_fields` on a task: field id (as text, a JSON key) -> value. Fields without a value are left out. */
export const taskCustomFieldsSchema = z.record(z.string(), customFieldValueSchema);
export type TaskCustomFields = z.infer<typeof taskCustomFieldsSchema>;

/**
 * `custom_fields` in a task's create and update bodies: field id -> value, `null` (or `""`, `[]`) clears it.
 * As JSON, or in multipart bodies as the JSON text of that object. Each value is checked by the server
 * against its field (`checkCustomFieldValue`); errors are 400 on `custom_fields.<id>`.
 */
export const zTaskCustomFieldsInput = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z.record(z.string().regex(/^[1-9]\d{0,9}$/, "custom_fields keys must be field ids"), z.unknown()),
);
export type TaskCustomFieldsInput = z.infer<typeof zTaskCustomFieldsInput>;

/** An option of a dropdown or multi-select field. */
export const customFieldOptionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** A colour for the option's badge, `#rrggbb`, or "" for the default. */
  color: z.string(),
  order: z.number().int(),
  /** Chosen on new tasks. */
  is_default: z.boolean(),
});
export type CustomFieldOption = z.infer<typeof customFieldOptionSchema>;

/** What the caller may do with a field: managers of its project (site managers for site-wide fields). */
export const customFieldAbilitiesSchema = z.object({ can_edit: z.boolean(), can_delete: z.boolean() });

/** A field as the API shows it. */
export const customFieldSchema = z.object({
  id: z.number().int(),
  /** The project the field belongs to; null for a site-wide field (offered to every project). */
  project_id: z.number().int().nullable(),
  title: z.string(),
  type: zCustomFieldType,
  description: z.string(),
  /** A task must hold a value (on create, a default counts; on update, it may not be cleared). */
  required: z.boolean(),
  /** The value new tasks get when none is given; null for none. Choice fields: from `options[].is_default`. */
  default: customFieldValueSchema.nullable(),
  /** Position within its scope, lower first. */
  order: z.number().int(),
  /** Options of a dropdown or multi-select field, by `order`; `[]` for other kinds. */
  options: z.array(customFieldOptionSchema),
  created_at: dateObjectSchema,
  updated_at: dateObjectSchema,
  abilities: customFieldAbilitiesSchema,
});
export type CustomField = z.infer<typeof customFieldSchema>;

/**
 * `GET .../custom-fields`: a project's list holds the site-wide fields (by order) then its own (by order);
 * the site list holds the site-wide fields. `meta.can_create`: the caller may add fields to this scope.
 */
export const customFieldListEnvelope = z.object({
  data: z.array(customFieldSchema),
  meta: z.object({ can_create: z.boolean() }),
});
export const customFieldEnvelope = z.object({ data: customFieldSchema, message: z.string().optional() });

/** The documents' style of validation messages. */
export const CUSTOM_FIELD_MESSAGES = {
  titleRequired: "Field name required!",
  optionsRequired: "A dropdown or multi-select field needs at least one option",
  optionTitleRepeated: "Option names must differ",
  oneDefaultOption: "A dropdown field has at most one default option",
  defaultOnChoice: "Choose the default of a dropdown or multi-select field with options[].is_default",
  optionsOnPlain: "Only dropdown and multi-select fields have options",
  typeFixed: "A field's type cannot be changed",
  required: "{{title}} is required",
  notText: "{{title}} must be text",
  tooLong: "{{title}} must have at most {{max}} characters",
  controlCharacters: "{{title}} must not contain control characters",
  notNumber: "{{title}} must be a number",
  numberTooLarge: "{{title}} is too large",
  notOption: "{{title}}: unknown option",
  notOptions: "{{title}} must be a list of options",
  notDate: "{{title}} must be a date (YYYY-MM-DD)",
  notCheckbox: "{{title}} must be true or false",
  notUrl: "{{title}} must be a web address (http:// or https://)",
  notUser: "{{title}} must be a user id",
  notMember: "{{title}}: the user is not a member of the project",
  unknownField: "Unknown custom field {{id}}",
} as const;

function say(message: string, params: Record<string, string | number>): string {
  return message.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key] ?? ""));
}

/** Option fields of a create or update body: `id` keeps (and may rename) an existing option, no id adds one. */
export const customFieldOptionInput = z.object({
  id: zId.optional(),
  title: zTitle(CUSTOM_FIELD_OPTION_TITLE_MAX),
  color: z
    .string()
    .trim()
    .regex(/^(?:#[0-9a-fA-F]{6})?$/, "Option color must be #rrggbb or empty")
    .transform((color) => color.toLowerCase())
    .default(""),
  is_default: zFlag.default(false),
});
export type CustomFieldOptionInput = z.infer<typeof customFieldOptionInput>;

const zFieldTitle = z
  .string({ error: CUSTOM_FIELD_MESSAGES.titleRequired })
  .trim()
  .min(1, { error: CUSTOM_FIELD_MESSAGES.titleRequired, abort: true })
  .max(CUSTOM_FIELD_TITLE_MAX)
  .refine((value) => !LINE_CONTROL_CHARACTERS.test(value), "title must not contain control characters");
const zFieldDescription = z.string().trim().max(CUSTOM_FIELD_DESCRIPTION_MAX);
const zOptionList = z
  .array(customFieldOptionInput)
  .max(CUSTOM_FIELD_OPTIONS_MAX)
  .refine((options) => new Set(options.map((option) => option.title.toLowerCase())).size === options.length, CUSTOM_FIELD_MESSAGES.optionTitleRepeated)
  .refine((options) => new Set(options.filter((option) => option.id !== undefined).map((option) => option.id)).size === options.filter((option) => option.id !== undefined).length, "options must not name an option twice");

/**
 * `POST .../custom-fields`. `default` is checked against the type (`checkCustomFieldValue`); for dropdown and
 * multi-select fields the default is chosen with `options[].is_default` instead.
 */
export const createCustomFieldBody = z
  .object({
    title: zFieldTitle,
    type: zCustomFieldType,
    description: zFieldDescription.default(""),
    required: zFlag.default(false),
    default: z.unknown().optional(),
    options: zOptionList.optional(),
    /** Position; without it the field goes last. */
    order: zInt.min(0).optional(),
  })
  .superRefine((body, ctx) => checkFieldShape(body.type, body, ctx));
export type CreateCustomFieldBody = z.infer<typeof createCustomFieldBody>;

/**
 * `POST .../custom-fields/{id}/update`: only the fields given change.
 * `type` may be given but must be the field's own. `options` replaces the list: options left out are deleted
 * with the values that chose them. `default: null` clears the default.
 */
export const updateCustomFieldBody = z.object({
  title: zFieldTitle.optional(),
  type: zCustomFieldType.optional(),
  description: zFieldDescription.optional(),
  required: zFlag.optional(),
  default: z.unknown().optional(),
  options: zOptionList.optional(),
  order: zInt.min(0).optional(),
});
export type UpdateCustomFieldBody = z.infer<typeof updateCustomFieldBody>;

/** `POST .../custom-fields/sorting`: field ids of the scope with their new positions. */
export const sortCustomFieldsBody = z.object({ orders: z.array(z.object({ id: zId, index: zInt.min(0) })).min(1).max(CUSTOM_FIELDS_PER_SCOPE_MAX * 2) });
export type SortCustomFieldsBody = z.infer<typeof sortCustomFieldsBody>;

/**
 * The checks of a field's definition once its type is known (create, and update merged with the stored
 * field): options only on choice fields and at least one there, one default option on a dropdown, a plain
 * default that fits the type. Reported on `options` / `default`.
 */
export function checkFieldShape(
  type: CustomFieldType,
  body: { default?: unknown; options?: readonly CustomFieldOptionInput[] | undefined; title?: string },
  ctx: z.RefinementCtx,
): void {
  if (isChoiceType(type)) {
    if (!body.options || body.options.length === 0) ctx.addIssue({ code: "custom", path: ["options"], message: CUSTOM_FIELD_MESSAGES.optionsRequired });
    else if (type === "dropdown" && body.options.filter((option) => option.is_default).length > 1) ctx.addIssue({ code: "custom", path: ["options"], message: CUSTOM_FIELD_MESSAGES.oneDefaultOption });
    if (body.default !== undefined && body.default !== null) ctx.addIssue({ code: "custom", path: ["default"], message: CUSTOM_FIELD_MESSAGES.defaultOnChoice });
    return;
  }
  if (body.options !== undefined && body.options.length > 0) ctx.addIssue({ code: "custom", path: ["options"], message: CUSTOM_FIELD_MESSAGES.optionsOnPlain });
  if (body.default !== undefined && body.default !== null) {
    const checked = checkCustomFieldValue({ type, title: "Default", required: false, options: [] }, body.default, { userIds: null });
    if (!checked.ok) ctx.addIssue({ code: "custom", path: ["default"], message: checked.message });
  }
}

/** What `checkCustomFieldValue` needs of a field. */
export interface CheckableCustomField {
  type: CustomFieldType;
  title: string;
  required: boolean;
  options: readonly { id: number }[];
}

export type CustomFieldCheck = { ok: true; value: CustomFieldValue | null } | { ok: false; message: string };

/** The empty forms of a value: each clears it (and fails a required field). */
function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0);
}

const DECIMAL_NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;
const WHOLE_NUMBER = /^[1-9]\d{0,9}$/;

function asId(value: unknown): number | null {
  if (typeof value === "number" && Number.isInteger(value) && value > 0 && value <= 2_147_483_647) return value;
  if (typeof value === "string" && WHOLE_NUMBER.test(value.trim())) {
    const id = Number(value.trim());
    return id <= 2_147_483_647 ? id : null;
  }
  return null;
}

/**
 * Checks one value against its field and gives it in its stored form (`CustomFieldValueByType`), or the
 * message to show. Pure: the server and the web both use it. Numbers, ids and flags also read their text
 * forms (`"12"`, `"1"`, `"true"`), as form bodies send them. Empty values (`null`, `""`, `[]`) are `null`:
 * allowed unless the field is required. `context.userIds`, when given, are the users a `user` field may
 * name (the project's members); `null` checks only the shape.
 */
export function checkCustomFieldValue(
  field: CheckableCustomField,
  value: unknown,
  context: { userIds?: ReadonlySet<number> | null } = {},
): CustomFieldCheck {
  const title = field.title;
  const fail = (message: string, params: Record<string, string | number> = {}): CustomFieldCheck => ({ ok: false, message: say(message, { title, ...params }) });
  if (isEmptyValue(value)) return field.required ? fail(CUSTOM_FIELD_MESSAGES.required) : { ok: true, value: null };
  switch (field.type) {
    case "text":
    case "long_text": {
      if (typeof value !== "string") return fail(CUSTOM_FIELD_MESSAGES.notText);
      const text = field.type === "text" ? value.trim() : value.replace(/\r\n/g, "\n").trimEnd();
      const max = field.type === "text" ? CUSTOM_FIELD_TEXT_MAX : CUSTOM_FIELD_LONG_TEXT_MAX;
      if (text.length > max) return fail(CUSTOM_FIELD_MESSAGES.tooLong, { max });
      if ((field.type === "text" ? LINE_CONTROL_CHARACTERS : TEXT_CONTROL_CHARACTERS).test(text)) return fail(CUSTOM_FIELD_MESSAGES.controlCharacters);
      return { ok: true, value: text };
    }
    case "number": {
      let number: number;
      if (typeof value === "number") number = value;
      else if (typeof value === "string" && DECIMAL_NUMBER.test(value.trim())) number = Number(value.trim());
      else return fail(CUSTOM_FIELD_MESSAGES.notNumber);
      if (!Number.isFinite(number)) return fail(CUSTOM_FIELD_MESSAGES.notNumber);
      if (Math.abs(number) > CUSTOM_FIELD_NUMBER_MAX) return fail(CUSTOM_FIELD_MESSAGES.numberTooLarge);
      return { ok: true, value: number === 0 ? 0 : number };
    }
    case "dropdown": {
      const id = asId(value);
      if (id === null || !field.options.some((option) => option.id === id)) return fail(CUSTOM_FIELD_MESSAGES.notOption);
      return { ok: true, value: id };
    }
    case "multi_select": {
      const list = Array.isArray(value) ? value : [value];
      const ids = new Set<number>();
      for (const item of list) {
        const id = asId(item);
        if (id === null) return fail(CUSTOM_FIELD_MESSAGES.notOptions);
        if (!field.options.some((option) => option.id === id)) return fail(CUSTOM_FIELD_MESSAGES.notOption);
        ids.add(id);
      }
      return { ok: true, value: field.options.map((option) => option.id).filter((id) => ids.has(id)) };
    }
    case "date": {
      if (typeof value !== "string" || !zDateString.safeParse(value.trim()).success) return fail(CUSTOM_FIELD_MESSAGES.notDate);
      return { ok: true, value: value.trim() };
    }
    case "checkbox": {
      const flag = zFlag.safeParse(value);
      if (!flag.success) return fail(CUSTOM_FIELD_MESSAGES.notCheckbox);
      if (field.required && !flag.data) return fail(CUSTOM_FIELD_MESSAGES.required);
      return { ok: true, value: flag.data };
    }
    case "url": {
      if (typeof value !== "string") return fail(CUSTOM_FIELD_MESSAGES.notUrl);
      const text = value.trim();
      if (text.length > CUSTOM_FIELD_URL_MAX) return fail(CUSTOM_FIELD_MESSAGES.tooLong, { max: CUSTOM_FIELD_URL_MAX });
      if (!/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(text) || LINE_CONTROL_CHARACTERS.test(text)) return fail(CUSTOM_FIELD_MESSAGES.notUrl);
      try {
        new URL(text);
      } catch {
        return fail(CUSTOM_FIELD_MESSAGES.notUrl);
      }
      return { ok: true, value: text };
    }
    case "user": {
      const id = asId(value);
      if (id === null) return fail(CUSTOM_FIELD_MESSAGES.notUser);
      if (context.userIds && !context.userIds.has(id)) return fail(CUSTOM_FIELD_MESSAGES.notMember);
      return { ok: true, value: id };
    }
  }
}

/**
 * A filter on one field, from `cf[<id>]=...` in `GET pm/v2/tasks` and `GET pm/v2/projects/{p}/tasks`:
 *
 * - text, long text, URL: `cf[7]=acme` — the value contains the words, ignoring case;
 * - number: `cf[7]=5` equal, `cf[7][min]=1&cf[7][max]=10` a range (either end may be left out);
 * - date: `cf[7]=2026-05-01` that day, `cf[7][min]=...&cf[7][max]=...` a range of days;
 * - dropdown: `cf[7]=12` that option, `cf[7][]=12&cf[7][]=13` any of them;
 * - multi-select: `cf[7]=12` holds that option, `cf[7][]=12&cf[7][]=13` holds any of them;
 * - checkbox: `cf[7]=1` ticked, `cf[7]=0` not ticked (or never set);
 * - user: `cf[7]=5` that user, a list for any of them;
 * - every kind: `cf[7][empty]=1` has no value, `cf[7][empty]=0` has one.
 *
 * Several fields together: tasks matching all of them. A field the project does not have, or a value of the
 * wrong kind, is 400 on `cf.<id>`.
 */
export const customFieldFilterValue = z.union([
  z.string().max(500),
  z.array(z.string().max(500)).max(100),
  z.object({
    min: z.string().max(50).optional(),
    max: z.string().max(50).optional(),
    empty: z.string().max(5).optional(),
  }),
]);
export const customFieldFiltersQuery = z
  .record(z.string().regex(/^[1-9]\d{0,9}$/, "cf keys must be field ids"), customFieldFilterValue)
  .refine((filters) => Object.keys(filters).length <= 20, "at most 20 custom field filters");
export type CustomFieldFiltersQuery = z.infer<typeof customFieldFiltersQuery>;

/** One parsed filter, ready for the query. */
export type CustomFieldFilter =
  | { field_id: number; kind: "contains"; text: string }
  | { field_id: number; kind: "number"; min: number | null; max: number | null }
  | { field_id: number; kind: "date"; min: string | null; max: string | null }
  | { field_id: number; kind: "any_of"; ids: number[] }
  | { field_id: number; kind: "checkbox"; checked: boolean }
  | { field_id: number; kind: "empty"; empty: boolean };

/**
 * Reads one `cf[<id>]` filter against its field; a message when the value does not fit the field's kind.
 * Pure: the web builds the same query strings from it.
 */
export function parseCustomFieldFilter(
  field: { id: number; type: CustomFieldType; title: string },
  raw: z.infer<typeof customFieldFilterValue>,
): { ok: true; filter: CustomFieldFilter } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message: `${field.title}: ${message}` });
  const field_id = field.id;
  if (typeof raw === "object" && !Array.isArray(raw) && raw.empty !== undefined) {
    if (!["0", "1", "true", "false"].includes(raw.empty)) return fail("empty must be 0 or 1");
    return { ok: true, filter: { field_id, kind: "empty", empty: raw.empty === "1" || raw.empty === "true" } };
  }
  switch (field.type) {
    case "text":
    case "long_text":
    case "url": {
      if (typeof raw !== "string" || raw.trim() === "") return fail("give the text to look for");
      return { ok: true, filter: { field_id, kind: "contains", text: raw.trim() } };
    }
    case "number": {
      const read = (text: string | undefined) => (text === undefined || text.trim() === "" ? null : DECIMAL_NUMBER.test(text.trim()) ? Number(text.trim()) : Number.NaN);
      const [min, max] = typeof raw === "string" ? [read(raw), read(raw)] : Array.isArray(raw) ? [Number.NaN, Number.NaN] : [read(raw.min), read(raw.max)];
      if (Number.isNaN(min) || Number.isNaN(max) || (min === null && max === null)) return fail("give a number, or min and/or max");
      return { ok: true, filter: { field_id, kind: "number", min, max } };
    }
    case "date": {
      const read = (text: string | undefined) => (text === undefined || text.trim() === "" ? null : zDateString.safeParse(text.trim()).success ? text.trim() : "bad");
      const [min, max] = typeof raw === "string" ? [read(raw), read(raw)] : Array.isArray(raw) ? ["bad", "bad"] : [read(raw.min), read(raw.max)];
      if (min === "bad" || max === "bad" || (min === null && max === null)) return fail("give a date (YYYY-MM-DD), or min and/or max");
      return { ok: true, filter: { field_id, kind: "date", min, max } };
    }
    case "dropdown":
    case "multi_select":
    case "user": {
      const list = typeof raw === "string" ? raw.split(",") : Array.isArray(raw) ? raw : null;
      const ids = list?.map(asId);
      if (!ids || ids.length === 0 || ids.some((id) => id === null)) return fail(field.type === "user" ? "give user ids" : "give option ids");
      return { ok: true, filter: { field_id, kind: "any_of", ids: [...new Set(ids as number[])] } };
    }
    case "checkbox": {
      const flag = zFlag.safeParse(raw);
      if (!flag.success) return fail("give 1 or 0");
      return { ok: true, filter: { field_id, kind: "checkbox", checked: flag.data } };
    }
  }
}

/**
 * A custom-field column of a report (the advanced report's `meta.custom_field_columns`, the CSV exports):
 * fields of the same title, ignoring case, share one column (each project's "Size" is one "Size").
 */
export const reportCustomFieldColumnSchema = z.object({ title: z.string(), field_ids: z.array(z.number().int()) });
export type ReportCustomFieldColumn = z.infer<typeof reportCustomFieldColumnSchema>;

/** A value as one line of text, for CSV exports and search: options by name, users by the given names. */
export function customFieldValueText(
  field: { type: CustomFieldType; options: readonly { id: number; title: string }[] },
  value: CustomFieldValue | null | undefined,
  userName: (id: number) => string = (id) => String(id),
): string {
  if (value === null || value === undefined) return "";
  switch (field.type) {
    case "dropdown":
      return field.options.find((option) => option.id === value)?.title ?? "";
    case "multi_select":
      return (Array.isArray(value) ? value : [])
        .map((id) => field.options.find((option) => option.id === id)?.title)
        .filter((title): title is string => title !== undefined)
        .join(", ");
    case "checkbox":
      return value === true ? "Yes" : "No";
    case "user":
      return typeof value === "number" ? userName(value) : "";
    default:
      return String(value);
  }
}
