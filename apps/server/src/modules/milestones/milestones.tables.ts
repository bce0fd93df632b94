import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    milestones: MilestonesTable;
  }
}

export interface MilestonesTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  description: string;
  achieve_date: string | null;
  status: number;
  privacy: number;
  sort_order: number;
  created_by: number;
  created_at: string;
  updated_at: string;
}
export type MilestoneRow = Selectable<MilestonesTable>;
