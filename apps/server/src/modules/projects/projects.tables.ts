import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    projects: ProjectsTable;
    project_members: ProjectMembersTable;
    favourite_projects: FavouriteProjectsTable;
  }
}

export interface ProjectsTable {
  id: Generated<number>;
  title: string;
  /** Sanitised HTML. */
  description: string;
  status: string;
  color: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
  /** The workforce-management department chosen on the project form (migration 0007); null = none. */
  department_id: number | null;
}
export type ProjectRow = Selectable<ProjectsTable>;

export interface ProjectMembersTable {
  project_id: number;
  user_id: number;
  /** 1 manager, 2 co_worker, 3 client. */
  role_id: number;
  created_at: string;
}

export interface FavouriteProjectsTable {
  user_id: number;
  project_id: number;
  created_at: string;
}
