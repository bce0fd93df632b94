import type { CustomFieldFilter } from "@plotline/contracts";
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Database } from "../../db/schema.js";

/** Escapes LIKE wildcards so that a search for "50%" means the text. */
function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The conditions on `tasks` that `cf[<id>]` filters stand for (checked by `filtersFor`), for the task
 * search (tasks/task-pages.repository.ts). Each is `tasks.id in (task ids of matching values)`, read from
 * the partial (field, value, task) index of its kind alone; "no value" and "not ticked" are `not in`.
 */
export function customFieldConditions(eb: ExpressionBuilder<Database, "tasks">, filters: readonly CustomFieldFilter[]): Array<Expression<SqlBool>> {
  return filters.map((filter) => {
    const values = eb.selectFrom("custom_field_values as cfv").select("cfv.task_id").where("cfv.field_id", "=", filter.field_id);
    switch (filter.kind) {
      case "contains":
        return eb("tasks.id", "in", values.where(sql<boolean>`lower(coalesce(cfv.value_text, cfv.value_long)) like ${likeContains(filter.text)} escape '\\'`));
      case "number":
        return eb("tasks.id", "in", values
          .where("cfv.value_number", "is not", null)
          .$if(filter.min !== null, (qb) => qb.where("cfv.value_number", ">=", filter.min ?? 0))
          .$if(filter.max !== null, (qb) => qb.where("cfv.value_number", "<=", filter.max ?? 0)));
      case "date":
        return eb("tasks.id", "in", values
          .where("cfv.value_date", "is not", null)
          .$if(filter.min !== null, (qb) => qb.where("cfv.value_date", ">=", filter.min ?? ""))
          .$if(filter.max !== null, (qb) => qb.where("cfv.value_date", "<=", filter.max ?? "")));
      case "any_of":
        return eb("tasks.id", "in", filter.ids.length === 1 ? values.where("cfv.value_int", "=", filter.ids[0] ?? 0) : values.where("cfv.value_int", "in", filter.ids));
      case "checkbox": {
        const ticked = values.where("cfv.value_int", "=", 1);
        return filter.checked ? eb("tasks.id", "in", ticked) : eb("tasks.id", "not in", ticked);
      }
      case "empty":
        return filter.empty ? eb("tasks.id", "not in", values) : eb("tasks.id", "in", values);
    }
  });
}

/**
 * Ids of the tasks holding a text, long-text or URL value that contains `phrase` (lower-case), ignoring
 * case: the search module's `fields` branch (search/search.repository.ts) finds tasks by their fields.
 */
export function tasksWithTextValue(phrase: string) {
  return sql<number>`(select cfv.task_id from custom_field_values cfv
    where (cfv.value_text is not null or cfv.value_long is not null)
    and lower(coalesce(cfv.value_text, cfv.value_long)) like ${likeContains(phrase)} escape '\\')`;
}
