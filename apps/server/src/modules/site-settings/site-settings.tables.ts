declare module "../../db/schema.js" {
  interface Database {
    settings: SettingsTable;
  }
}

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
  updated_at: string;
}
