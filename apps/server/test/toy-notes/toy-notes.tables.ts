import type { Generated, Selectable } from "kysely";

declare module "../../src/db/schema.js" {
  interface Database {
    toy_notes: ToyNotesTable;
  }
}

/** A note pinned to a project: the toy module's only table. */
export interface ToyNotesTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  created_at: string;
}
export type ToyNoteRow = Selectable<ToyNotesTable>;
