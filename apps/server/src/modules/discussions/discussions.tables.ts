import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    discussions: DiscussionsTable;
  }
}

export interface DiscussionsTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  description: string;
  privacy: number;
  sort_order: number;
  milestone_id: number | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}
export type DiscussionRow = Selectable<DiscussionsTable>;
