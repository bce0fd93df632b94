declare module "../../db/schema.js" {
  interface Database {
    project_settings: ProjectSettingsTable;
  }
}

export interface ProjectSettingsTable {
  project_id: number;
  key: string;
  /** JSON text. */
  value: string;
  updated_at: string;
}
