declare module "../../db/schema.js" {
  interface Database {
    module_states: ModuleStatesTable;
  }
}

export interface ModuleStatesTable {
  key: string;
  active: number;
  updated_at: string;
}
