import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { rescopeActivities } from "../activities/activity-recorder.js";
import { capabilitiesToSee, privacyScopeOf } from "../privacy/privacy.rules.js";
import { filesRepository, type FileRow } from "./files.repository.js";
import { folderTree, type FolderTree } from "./files.tree.js";

/** The activity scope of an item: private when it or any folder above it is private. */
export function fileScope(tree: FolderTree, row: Pick<FileRow, "privacy" | "parent_id">): string | null {
  return privacyScopeOf(capabilitiesToSee({ kind: "file", privacy: row.privacy, inPrivateFolder: row.parent_id !== 0 && tree.isPrivatePath(row.parent_id) }));
}

/**
 * After an item changed privacy or moved, its earlier activities (and, for a folder, those of everything
 * below it) follow its new visibility. `before` is the tree read before the change.
 */
export async function rescopeBelow(trx: Kysely<Database>, before: FolderTree, updated: FileRow): Promise<void> {
  const projectId = updated.project_id;
  if (updated.type !== "folder") {
    await rescopeActivities(trx, { projectId, subject: "file", ids: [updated.id], scope: fileScope(before, updated) });
    return;
  }
  const after = folderTree(before.folders.map((folder) => (folder.id === updated.id ? { ...folder, parent_id: updated.parent_id, privacy: updated.privacy } : folder)));
  const folderIds = after.subtree(updated.id);
  const items = await filesRepository(trx).listItemsIn(projectId, folderIds);
  const rows = [...folderIds.flatMap((id) => after.get(id) ?? []), ...items];
  const byScope = new Map<string | null, number[]>();
  for (const row of rows) {
    const scope = fileScope(after, row);
    byScope.set(scope, [...(byScope.get(scope) ?? []), row.id]);
  }
  for (const [scope, ids] of byScope) await rescopeActivities(trx, { projectId, subject: "file", ids, scope });
}
