import type { Generated } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    task_types: TaskTypesTable;
  }
}

export interface TaskTypesTable {
  id: Generated<number>;
  title: string;
  description: string;
  created_at: string;
}
