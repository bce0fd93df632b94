import {
  checkCustomFieldValue,
  checkFieldShape,
  CUSTOM_FIELDS_PER_SCOPE_MAX,
  customFieldValueText,
  isChoiceType,
  parseCustomFieldFilter,
  type CreateCustomFieldBody,
  type CustomField,
  type CustomFieldFilter,
  type CustomFieldFiltersQuery,
  type CustomFieldOptionInput,
  type CustomFieldType,
  type CustomFieldValue,
  type SortCustomFieldsBody,
  type TaskCustomFields,
  type TaskCustomFieldsInput,
  type UpdateCustomFieldBody,
} from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, invalidField, notFound, say, type Text } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { transact } from "../../events/record-event.js";
import { readCache } from "../../shared/read-cache.js";
import type { ModuleStatesService } from "../module-states/module-states.service.js";
import type { ProjectAccessService } from "../projects/project-access.js";
import { findUsersByIds } from "../users/users.service.js";
import { taskValuesFromRows, valueRows } from "./custom-field-values.js";
import { customFieldPolicy } from "./custom-fields.policy.js";
import { defaultOf, presentField, type FieldDefinition } from "./custom-fields.presenter.js";
import { customFieldsRepository, type FieldScope, type NewCustomFieldValue } from "./custom-fields.repository.js";
import type { CustomFieldOptionRow, CustomFieldRow } from "./custom-fields.tables.js";

/** The tables a field definition is read from: what the kept definitions depend on. */
const DEFINITION_TABLES = ["custom_fields", "custom_field_options"] as const;

/** Scopes whose definitions are kept between requests at most. */
const MAX_KEPT_SCOPES = 2_000;

/** What a task write stores: the fields it sets (their old values go) and the new values. */
export interface TaskValuesPlan {
  /** Fields whose stored values are replaced. */
  fieldIds: number[];
  entries: Array<{ field: FieldDefinition; value: CustomFieldValue | null }>;
  /** The task's values after the write, for the fields written (a new task's `custom_fields`). */
  values: TaskCustomFields;
}

export const EMPTY_PLAN: TaskValuesPlan = { fieldIds: [], entries: [], values: {} };

/** What a task write tells the plan. */
export interface TaskValuesContext {
  /** A new task: defaults fill the fields left out, and required fields must end with a value. */
  creating: boolean;
  /** Sub-tasks hold values too, but required fields are not enforced on them. */
  subTask: boolean;
  /**
   * A task another system makes (an issue opened on GitHub) cannot fill in required fields: they stay empty
   * (defaults still apply) for a person to fill in later, rather than the task being refused.
   */
  fromIntegration?: boolean;
  /** Which of these users are members of the task's project (user fields). */
  memberIds: (userIds: readonly number[]) => Promise<Set<number>>;
}

/** A report column: fields with the same title (ignoring case) share one. */
export interface ReportColumn {
  title: string;
  fields: FieldDefinition[];
}

/** The issues a definition check raises, as field messages. */
function shapeProblems(type: CustomFieldType, body: { default?: unknown; options?: readonly CustomFieldOptionInput[] }): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const ctx = {
    addIssue(issue: { path?: PropertyKey[]; message?: string }) {
      const key = String(issue.path?.[0] ?? "field");
      problems[key] = [...(problems[key] ?? []), issue.message ?? "is not valid"];
    },
  } as unknown as z.RefinementCtx;
  checkFieldShape(type, body, ctx);
  return problems;
}

function throwProblems(problems: Record<string, Text[]>): void {
  const entries = Object.entries(problems);
  const first = entries[0]?.[1][0];
  if (first !== undefined) throw new AppError("rest_invalid_param", first, { params: problems });
}

/** Custom fields: their definitions per project and site-wide, and the tasks' values (README.md). */
export function customFieldsService(ctx: AppContext, access: ProjectAccessService, moduleStates: ModuleStatesService) {
  const repository = customFieldsRepository(ctx.db);
  const tz = ctx.config.timezone;
  // The definitions a project sees (its own and the site's), read on every task write and filter.
  const definitions = readCache<{ fields: FieldDefinition[] }>(ctx.tables, { dependsOn: DEFINITION_TABLES, maxWeight: MAX_KEPT_SCOPES });
  // The fields `cf[<id>]` filters name, by their ids: a repeated filter reads no definition again.
  const filteredFields = readCache<{ rows: CustomFieldRow[] }>(ctx.tables, { dependsOn: DEFINITION_TABLES, maxWeight: MAX_KEPT_SCOPES });

  async function withOptions(rows: readonly CustomFieldRow[], db: Kysely<Database> = ctx.db): Promise<FieldDefinition[]> {
    const options = rows.length > 0 ? await customFieldsRepository(db).optionsOf(rows.map((row) => row.id)) : [];
    const byField = new Map<number, CustomFieldOptionRow[]>();
    for (const option of options) byField.set(option.field_id, [...(byField.get(option.field_id) ?? []), option]);
    return rows.map((row) => ({ ...row, options: byField.get(row.id) ?? [] }));
  }

  /** The fields a scope sees: a project its own after the site's; the site its own. Kept until a definition changes. */
  async function fieldsOf(scope: FieldScope): Promise<FieldDefinition[]> {
    const kept = await definitions.get(String(scope.projectId ?? "site"), async () => ({ fields: await withOptions(await repository.listFields(scope)) }));
    return kept.fields;
  }

  /** Who may change the scope's own fields; throws 403 (or the project's 404/403) otherwise. */
  async function requireManager(actor: Actor, scope: FieldScope): Promise<void> {
    if (scope.projectId === null) {
      if (!customFieldPolicy.canManageSite(actor)) throw forbidden(say("custom_fields.who_may_manage_site"));
      return;
    }
    const projectAccess = await access.requireAccess(actor, scope.projectId);
    if (!customFieldPolicy.canManageProject(projectAccess)) throw forbidden(say("custom_fields.who_may_manage"));
  }

  /** Whether the actor may change the scope's own fields (abilities), without throwing. */
  async function canManage(actor: Actor, scope: FieldScope): Promise<boolean> {
    if (scope.projectId === null) return customFieldPolicy.canManageSite(actor);
    return customFieldPolicy.canManageProject(await access.requireAccess(actor, scope.projectId));
  }

  /** A field of exactly this scope (a project's own, or a site-wide one), else 404. */
  async function requireField(scope: FieldScope, fieldId: number): Promise<FieldDefinition> {
    const row = await repository.findField(fieldId);
    if (!row || row.project_id !== scope.projectId) throw notFound(say("custom_fields.field_not_found"));
    const [field] = await withOptions([row]);
    if (!field) throw notFound(say("custom_fields.field_not_found"));
    return field;
  }

  /** Titles are unique among what one project sees (its own and the site's), ignoring case. */
  async function checkUniqueTitle(scope: FieldScope, title: string, exceptId?: number): Promise<void> {
    const taken = (await repository.listFields(scope)).some((row) => row.id !== exceptId && row.title.toLowerCase() === title.toLowerCase());
    if (taken) {
      const message = say("custom_fields.field_named_already_exists", { title });
      throw new AppError("conflict", message, { params: { title: [message] } });
    }
  }

  /** A plain field's default in its stored form: JSON of the checked value, or null. */
  function storedDefault(type: CustomFieldType, value: unknown): string | null {
    if (isChoiceType(type) || value === undefined || value === null) return null;
    const checked = checkCustomFieldValue({ type, title: "Default", required: false, options: [] }, value);
    return checked.ok && checked.value !== null ? JSON.stringify(checked.value) : null;
  }

  function present(field: FieldDefinition, managesProject: boolean, actor: Actor): CustomField {
    const mayChange = field.project_id === null ? customFieldPolicy.canManageSite(actor) : managesProject;
    return presentField(field, mayChange, tz);
  }

  async function presentScope(actor: Actor, scope: FieldScope): Promise<{ fields: CustomField[]; canCreate: boolean }> {
    const [fields, mayManage] = await Promise.all([fieldsOf(scope), canManage(actor, scope)]);
    return { fields: fields.map((field) => present(field, mayManage, actor)), canCreate: mayManage };
  }

  /** Writes a choice field's options as given: ids keep (and rename) options, new ones are added, the rest go with their values. */
  async function writeOptions(trx: Kysely<Database>, fieldId: number, current: readonly CustomFieldOptionRow[], given: readonly CustomFieldOptionInput[]): Promise<void> {
    const repo = customFieldsRepository(trx);
    const kept = new Set(given.flatMap((option) => (option.id === undefined ? [] : [option.id])));
    await repo.deleteOptions(fieldId, current.filter((option) => !kept.has(option.id)).map((option) => option.id));
    const added = [];
    for (const [index, option] of given.entries()) {
      const columns = { title: option.title, color: option.color, sort_order: index, is_default: option.is_default ? 1 : 0 };
      if (option.id === undefined) added.push({ field_id: fieldId, ...columns });
      else await repo.updateOption(option.id, columns);
    }
    await repo.insertOptions(added);
  }

  return {
    /** `GET .../projects/{p}/custom-fields`: the site-wide fields, then the project's own (members). */
    listProjectFields(actor: Actor, projectId: number) {
      return access.requireAccess(actor, projectId).then(() => presentScope(actor, { projectId }));
    },

    /** `GET .../custom-fields`: the site-wide fields (anyone signed in reads them; site managers change them). */
    listSiteFields(actor: Actor) {
      return presentScope(actor, { projectId: null });
    },

    async createField(actor: Actor, scope: FieldScope, input: CreateCustomFieldBody): Promise<CustomField> {
      await requireManager(actor, scope);
      if ((await repository.countFields(scope)) >= CUSTOM_FIELDS_PER_SCOPE_MAX) {
        throw invalidField("title", say("custom_fields.too_many_fields", { max: String(CUSTOM_FIELDS_PER_SCOPE_MAX) }));
      }
      await checkUniqueTitle(scope, input.title);
      const now = nowUtc();
      const id = await transact(ctx, async (trx) => {
        const repo = customFieldsRepository(trx);
        const created = await repo.insertField({
          project_id: scope.projectId,
          title: input.title,
          type: input.type,
          description: input.description,
          required: input.required ? 1 : 0,
          default_value: storedDefault(input.type, input.default),
          sort_order: input.order ?? (await repo.nextSortOrder(scope)),
          created_by: actor.id,
          created_at: now,
          updated_at: now,
        });
        if (isChoiceType(input.type)) await writeOptions(trx, created.id, [], (input.options ?? []).map(({ id: _id, ...option }) => option));
        return created.id;
      });
      return present(await requireField(scope, id), true, actor);
    },

    async updateField(actor: Actor, scope: FieldScope, fieldId: number, input: UpdateCustomFieldBody): Promise<CustomField> {
      await requireManager(actor, scope);
      const field = await requireField(scope, fieldId);
      const type = field.type as CustomFieldType;
      if (input.type !== undefined && input.type !== type) throw invalidField("type", say("custom_fields.type_cannot_change"));
      if (input.options !== undefined) {
        const own = new Set(field.options.map((option) => option.id));
        const strangers = input.options.flatMap((option) => (option.id !== undefined && !own.has(option.id) ? [option.id] : []));
        if (strangers.length > 0) throw invalidField("options", say("custom_fields.unknown_field", { id: strangers.join(", ") }));
      }
      const options = input.options ?? field.options.map((option) => ({ id: option.id, title: option.title, color: option.color, is_default: option.is_default === 1 }));
      throwProblems(shapeProblems(type, { default: input.default, options }));
      if (input.title !== undefined && input.title.toLowerCase() !== field.title.toLowerCase()) await checkUniqueTitle(scope, input.title, fieldId);
      await transact(ctx, async (trx) => {
        await customFieldsRepository(trx).updateField(fieldId, {
          ...(input.title !== undefined && { title: input.title }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.required !== undefined && { required: input.required ? 1 : 0 }),
          ...(input.default !== undefined && { default_value: storedDefault(type, input.default) }),
          ...(input.order !== undefined && { sort_order: input.order }),
          updated_at: nowUtc(),
        });
        if (input.options !== undefined && isChoiceType(type)) await writeOptions(trx, fieldId, field.options, input.options);
      });
      return present(await requireField(scope, fieldId), true, actor);
    },

    /** Deletes a field with its options and every task's value of it. */
    async deleteField(actor: Actor, scope: FieldScope, fieldId: number): Promise<void> {
      await requireManager(actor, scope);
      await requireField(scope, fieldId);
      await transact(ctx, (trx) => customFieldsRepository(trx).deleteField(fieldId));
    },

    /** `POST .../custom-fields/sorting`: new positions of the scope's own fields; answers the scope's list. */
    async sortFields(actor: Actor, scope: FieldScope, input: SortCustomFieldsBody): Promise<{ fields: CustomField[]; canCreate: boolean }> {
      await requireManager(actor, scope);
      const own = new Set((await repository.listFields(scope, false)).map((row) => row.id));
      const strangers = input.orders.filter((order) => !own.has(order.id)).map((order) => order.id);
      if (strangers.length > 0) throw invalidField("orders", say("custom_fields.not_fields_of_scope", { strangers: [...new Set(strangers)].join(", ") }));
      await transact(ctx, (trx) => customFieldsRepository(trx).setSortOrders(input.orders));
      return presentScope(actor, scope);
    },

    /** Whether the module is on (tasks take and filter values only then). */
    isActive: () => moduleStates.isActive("custom_fields"),

    /**
     * Checks a task write's `custom_fields` against the fields its project sees and gives what to store.
     * Every problem is a 400 on `custom_fields.<id>`, before anything is written. A new task also gets the
     * defaults of the fields left out, and must end with a value in each required field (not a sub-task).
     */
    async planTaskValues(projectId: number, input: TaskCustomFieldsInput | undefined, context: TaskValuesContext): Promise<TaskValuesPlan> {
      const active = await moduleStates.isActive("custom_fields");
      if (!active) {
        if (input !== undefined && Object.keys(input).length > 0) throw invalidField("custom_fields", say("custom_fields.module_switched_off"));
        return EMPTY_PLAN;
      }
      if (!context.creating && (input === undefined || Object.keys(input).length === 0)) return EMPTY_PLAN;
      const fields = await fieldsOf({ projectId });
      if (fields.length === 0 && (input === undefined || Object.keys(input).length === 0)) return EMPTY_PLAN;
      const byId = new Map(fields.map((field) => [field.id, field]));
      const given = Object.entries(input ?? {});
      const problems: Record<string, Text[]> = {};
      const userIds = new Set<number>();
      for (const [key, value] of given) {
        const field = byId.get(Number(key));
        if (!field) problems[`custom_fields.${key}`] = [say("custom_fields.unknown_field", { id: key })];
        else if (field.type === "user") {
          const checked = checkCustomFieldValue({ ...field, type: "user", required: false }, value);
          if (checked.ok && typeof checked.value === "number") userIds.add(checked.value);
        }
      }
      const defaults = context.creating ? fields.filter((field) => !(String(field.id) in (input ?? {}))) : [];
      for (const field of defaults) {
        const value = defaultOf(field);
        if (field.type === "user" && typeof value === "number") userIds.add(value);
      }
      const members = userIds.size > 0 ? await context.memberIds([...userIds]) : new Set<number>();
      const plan: TaskValuesPlan = { fieldIds: [], entries: [], values: {} };
      const take = (field: FieldDefinition, value: CustomFieldValue | null) => {
        plan.fieldIds.push(field.id);
        plan.entries.push({ field, value });
        if (value !== null) plan.values[String(field.id)] = value;
      };
      for (const [key, value] of given) {
        const field = byId.get(Number(key));
        if (!field) continue;
        const required = field.required === 1 && !context.subTask;
        const checked = checkCustomFieldValue({ title: field.title, type: field.type as CustomFieldType, required, options: field.options }, value, { userIds: members });
        if (checked.ok) take(field, checked.value);
        else problems[`custom_fields.${key}`] = [checked.message];
      }
      for (const field of defaults) {
        let value = defaultOf(field);
        if (field.type === "user" && typeof value === "number" && !members.has(value)) value = null;
        if (value !== null) take(field, value);
        else if (field.required === 1 && !context.subTask && !context.fromIntegration) {
          const missing = checkCustomFieldValue({ title: field.title, type: field.type as CustomFieldType, required: true, options: field.options }, null);
          problems[`custom_fields.${field.id}`] = [missing.ok ? "" : missing.message];
        }
      }
      throwProblems(problems);
      return plan;
    },

    /** Stores a plan's values for a task, inside the task write's transaction. */
    async writeTaskValues(trx: Kysely<Database>, taskId: number, projectId: number, plan: TaskValuesPlan): Promise<void> {
      if (plan.fieldIds.length === 0) return;
      const rows: NewCustomFieldValue[] = plan.entries.flatMap(({ field, value }) =>
        valueRows(field.type as CustomFieldType, value, { field_id: field.id, task_id: taskId, project_id: projectId }),
      );
      await customFieldsRepository(trx).replaceTaskValues(taskId, plan.fieldIds, rows);
    },

    /**
     * The `cf[<id>]` filters of a tasks query, checked: each field must be a site-wide field or one of the
     * searched projects' (any project's when the search covers every project), and each value must fit its
     * kind. Problems are 400s on `cf.<id>`.
     */
    async filtersFor(projectIds: readonly number[] | null, query: CustomFieldFiltersQuery | undefined): Promise<CustomFieldFilter[] | undefined> {
      if (query === undefined || Object.keys(query).length === 0) return undefined;
      if (!(await moduleStates.isActive("custom_fields"))) throw invalidField("cf", say("custom_fields.module_switched_off"));
      const ids = Object.keys(query).map(Number).sort((a, b) => a - b);
      const kept = await filteredFields.get(ids.join(","), async () => ({ rows: await repository.findFields(ids) }));
      const rows = new Map(kept.rows.map((row) => [row.id, row]));
      const problems: Record<string, Text[]> = {};
      const filters: CustomFieldFilter[] = [];
      for (const [key, raw] of Object.entries(query)) {
        const field = rows.get(Number(key));
        const inScope = field && (field.project_id === null || projectIds === null || projectIds.includes(field.project_id));
        if (!field || !inScope) {
          problems[`cf.${key}`] = [say("custom_fields.unknown_field", { id: key })];
          continue;
        }
        const parsed = parseCustomFieldFilter({ id: field.id, type: field.type as CustomFieldType, title: field.title }, raw);
        if (parsed.ok) filters.push(parsed.filter);
        else problems[`cf.${key}`] = [parsed.message];
      }
      throwProblems(problems);
      // Sorted, so that the same filters written in any order are one kept search.
      return filters.sort((a, b) => a.field_id - b.field_id || a.kind.localeCompare(b.kind));
    },

    /**
     * The custom-field columns of a report over these projects (every project: null): the site-wide fields
     * and the projects' own, fields with the same title sharing a column. None while the module is off.
     */
    async reportColumns(projectIds: readonly number[] | null): Promise<ReportColumn[]> {
      if (!(await moduleStates.isActive("custom_fields"))) return [];
      const fields = await withOptions(await repository.fieldsOfProjects(projectIds));
      const columns = new Map<string, ReportColumn>();
      for (const field of fields) {
        const key = field.title.toLowerCase();
        const column = columns.get(key) ?? { title: field.title, fields: [] };
        column.fields.push(field);
        columns.set(key, column);
      }
      return [...columns.values()];
    },

    /** The cells of these columns for a batch of tasks, as text (options and users by name): two statements a batch at most. */
    async reportCells(columns: readonly ReportColumn[], taskIds: readonly number[]): Promise<Map<number, string[]>> {
      const cells = new Map<number, string[]>();
      if (columns.length === 0 || taskIds.length === 0) return cells;
      const rows = await repository.valuesOfTasks(taskIds);
      const values = taskValuesFromRows(rows);
      const userIds = [...new Set(rows.filter((row) => row.type === "user" && row.value_int !== null).map((row) => Number(row.value_int)))];
      const users = new Map((await findUsersByIds(ctx.db, userIds)).map((user) => [user.id, user.display_name]));
      const userName = (id: number) => users.get(id) ?? "";
      for (const taskId of taskIds) {
        const taskValues = values.get(taskId) ?? {};
        cells.set(taskId, columns.map((column) => {
          const field = column.fields.find((candidate) => String(candidate.id) in taskValues);
          return field ? customFieldValueText({ type: field.type as CustomFieldType, options: field.options }, taskValues[String(field.id)] ?? null, userName) : "";
        }));
      }
      return cells;
    },

    /**
     * Duplication of a project, inside its transaction: the source's own fields and options become the
     * copy's, and the copied tasks' values follow (`taskIds`: source task -> copy), re-pointed at the new
     * fields and options; values of site-wide fields are copied as they are. Copied whether the module is
     * on or not, as the rest of the project.
     */
    async copyProjectFields(trx: Kysely<Database>, source: { projectId: number }, target: { projectId: number; now: string; taskIds: ReadonlyMap<number, number> }): Promise<void> {
      const repo = customFieldsRepository(trx);
      const own = await withOptions(await repo.listFields({ projectId: source.projectId }, false), trx);
      const fieldIds = new Map<number, number>();
      const optionIds = new Map<number, number>();
      for (const field of own) {
        const { id, options, ...columns } = field;
        const copy = await repo.insertField({ ...columns, project_id: target.projectId, created_at: target.now, updated_at: target.now });
        fieldIds.set(id, copy.id);
        for (const option of options) {
          const { id: optionId, ...optionColumns } = option;
          optionIds.set(optionId, (await repo.insertOption({ ...optionColumns, field_id: copy.id })).id);
        }
      }
      const choiceFields = new Set(own.filter((field) => isChoiceType(field.type as CustomFieldType)).map((field) => field.id));
      const rows = (await repo.valueRowsOfProject(source.projectId)).flatMap(({ id: _id, ...row }) => {
        const taskId = target.taskIds.get(row.task_id);
        if (taskId === undefined) return [];
        const ownField = fieldIds.get(row.field_id);
        const valueInt = choiceFields.has(row.field_id) && row.value_int !== null ? (optionIds.get(row.value_int) ?? null) : row.value_int;
        return [{ ...row, task_id: taskId, project_id: target.projectId, field_id: ownField ?? row.field_id, value_int: valueInt }];
      });
      await repo.insertValues(rows);
    },

    /** Duplication of tasks inside their project (a list's copy): the copies get the sources' values. */
    async copyTaskValues(trx: Kysely<Database>, taskIds: ReadonlyMap<number, number>): Promise<void> {
      const repo = customFieldsRepository(trx);
      const rows = (await repo.valueRowsOfTasks([...taskIds.keys()])).flatMap(({ id: _id, ...row }) => {
        const taskId = taskIds.get(row.task_id);
        return taskId === undefined ? [] : [{ ...row, task_id: taskId }];
      });
      await repo.insertValues(rows);
    },

  };
}

export type CustomFieldsService = ReturnType<typeof customFieldsService>;

/**
 * The values of a page of tasks, `custom_fields` by task: one statement per 500 tasks (tasks.loader.ts).
 * Values stay readable while the module is off; they cannot be changed then.
 */
export async function customFieldValuesOfTasks(db: Kysely<Database>, taskIds: readonly number[]): Promise<Map<number, TaskCustomFields>> {
  if (taskIds.length === 0) return new Map();
  return taskValuesFromRows(await customFieldsRepository(db).valuesOfTasks(taskIds));
}
