import { defineScenario, type BenchContext, type ScenarioRequest } from "../lib/scenario.js";
import { ensureBigLoad } from "../lib/shared-load.js";

/** Options of the dropdown: each holds 1/20th of the 100,000 tasks. */
const STAGES = 20;
/** Values of the number field run 0 to 999, evenly; a range 50 wide holds 1/20th of the tasks. */
const POINTS_SPAN = 1_000;
const RANGE_WIDTH = 50;

interface CustomFieldLoad {
  dropdownId: number;
  optionIds: number[];
  numberId: number;
}

let seeded: Promise<CustomFieldLoad> | null = null;

/**
 * Two site-wide fields over the 100,000-task data set, every task holding a value of each: a dropdown of 20
 * options and a number 0 to 999. Written in bulk (1,000 value rows a statement), once for every scenario.
 */
function ensureCustomFields(ctx: BenchContext): Promise<CustomFieldLoad> {
  seeded ??= (async () => {
    await ensureBigLoad(ctx);
    const db = ctx.plotline.database.db;
    const owner = (await db.selectFrom("users").select("id").where("manage_pm", "=", 1).orderBy("id").executeTakeFirstOrThrow()).id;
    const at = new Date().toISOString().slice(0, 19).replace("T", " ");
    const field = (title: string, type: string, order: number) => ({
      project_id: null, title, type, description: "", required: 0, default_value: null, sort_order: order, created_by: owner, created_at: at, updated_at: at,
    });
    const dropdown = await db.insertInto("custom_fields").values(field("Bench stage", "dropdown", 0)).returning("id").executeTakeFirstOrThrow();
    const number = await db.insertInto("custom_fields").values(field("Bench points", "number", 1)).returning("id").executeTakeFirstOrThrow();
    const options = await db
      .insertInto("custom_field_options")
      .values(Array.from({ length: STAGES }, (_, i) => ({ field_id: dropdown.id, title: `Stage ${i + 1}`, color: "", sort_order: i, is_default: 0 })))
      .returning("id")
      .execute();
    const optionIds = options.map((option) => option.id);
    const tasks = await db.selectFrom("tasks").select(["id", "project_id"]).orderBy("id").execute();
    const empty = { value_text: null, value_long: null, value_number: null, value_date: null };
    const rows = tasks.flatMap((task, index) => [
      { field_id: dropdown.id, task_id: task.id, project_id: task.project_id, ...empty, value_int: optionIds[index % STAGES] ?? null },
      { field_id: number.id, task_id: task.id, project_id: task.project_id, ...empty, value_number: (index * 7919) % POINTS_SPAN, value_int: null },
    ]);
    for (let start = 0; start < rows.length; start += 1_000) await db.insertInto("custom_field_values").values(rows.slice(start, start + 1_000)).execute();
    return { dropdownId: dropdown.id, optionIds, numberId: number.id };
  })();
  return seeded;
}

const byDropdown = (ctx: BenchContext, load: CustomFieldLoad, option: number, page = 1, perPage = 20): ScenarioRequest => ({
  method: "GET",
  path: `/api/pm/v2/tasks?cf[${load.dropdownId}]=${load.optionIds[option % STAGES] ?? 0}&per_page=${perPage}&page=${page}`,
  headers: ctx.plotline.authHeaders,
});

const byRange = (ctx: BenchContext, load: CustomFieldLoad, min: number, width = RANGE_WIDTH): ScenarioRequest => ({
  method: "GET",
  path: `/api/pm/v2/tasks?cf[${load.numberId}][min]=${min}&cf[${load.numberId}][max]=${min + width - 1}&per_page=20`,
  headers: ctx.plotline.authHeaders,
});

/** One option of a 20-option dropdown across 100,000 tasks (5,000 match), newest first, with the total. */
export const customFieldDropdown = defineScenario({
  name: "GET tasks, custom dropdown, 100k",
  target: "plotline",
  seed: ensureCustomFields,
  request: (ctx, load) => byDropdown(ctx, load, 3),
});

/** A number range holding 5,000 of 100,000 tasks (`cf[id][min]` and `[max]`). */
export const customFieldNumberRange = defineScenario({
  name: "GET tasks, custom number range, 100k",
  target: "plotline",
  seed: ensureCustomFields,
  request: (ctx, load) => byRange(ctx, load, 300),
});

/**
 * The same two filters without the kept search pages: cycles of about 2,000 different requests (every
 * option, pages 1 to 50, 20 or 21 a page; every range start 0 to 949, 50 or 51 wide), more pages than the
 * tasks' search cache keeps (about 950), so that each one is read from the database.
 */
export const customFieldDropdownUncached = defineScenario({
  name: "GET tasks, custom dropdown, 100k, uncached",
  target: "plotline",
  seed: ensureCustomFields,
  request: (ctx, load) => Array.from({ length: 2_000 }, (_, i) => byDropdown(ctx, load, i % STAGES, 1 + (Math.floor(i / STAGES) % 50), 20 + Math.floor(i / 1_000))),
});

export const customFieldNumberRangeUncached = defineScenario({
  name: "GET tasks, custom number range, 100k, uncached",
  target: "plotline",
  seed: ensureCustomFields,
  request: (ctx, load) => {
    const starts = POINTS_SPAN - RANGE_WIDTH;
    return Array.from({ length: starts * 2 }, (_, i) => byRange(ctx, load, (i * 37) % starts, RANGE_WIDTH + Math.floor(i / starts)));
  },
});
