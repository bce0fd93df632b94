/**
 * Kysely's view of the database. Empty here on purpose: each module adds its tables from its own
 * `<noun>.tables.ts` (`declare module "../../db/schema.js" { interface Database { tasks: TasksTable } }`),
 * and the platform folders (events/, jobs/) add theirs the same way.
 *
 * Table conventions: timestamps are UTC text `YYYY-MM-DD HH:MM:SS` and calendar dates `YYYY-MM-DD` on both
 * databases, so that they compare, sort and index the same way everywhere; flags are 0/1 integers.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by interface merging in each module
export interface Database {}
