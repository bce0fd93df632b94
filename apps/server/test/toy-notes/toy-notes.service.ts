import type { AppContext } from "../../src/context.js";
import type { Actor } from "../../src/lib/actor.js";
import type { ProjectAccessService } from "../../src/modules/projects/project-access.js";
import type { ToyNoteRow } from "./toy-notes.tables.js";
import { toyNotesRepository } from "./toy-notes.repository.js";

/** Notes of a project: members read and write them. Reaches projects through their service only. */
export function toyNotesService(ctx: AppContext, access: ProjectAccessService) {
  const notes = toyNotesRepository(ctx.db);
  return {
    async addNote(actor: Actor, projectId: number, title: string): Promise<ToyNoteRow> {
      await access.requireAccess(actor, projectId);
      return notes.insertNote(projectId, title);
    },
    async listNotes(actor: Actor, projectId: number): Promise<ToyNoteRow[]> {
      await access.requireAccess(actor, projectId);
      return notes.listNotes(projectId);
    },
    /** For the subscriber: a note written by the module itself, not on anyone's behalf. */
    noteFromEvent(projectId: number, title: string): Promise<ToyNoteRow> {
      return notes.insertNote(projectId, title);
    },
    countByProject: notes.countByProject,
  };
}
export type ToyNotesService = ReturnType<typeof toyNotesService>;
