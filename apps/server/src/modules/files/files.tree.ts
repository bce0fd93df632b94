import { isPrivate } from "../privacy/privacy.rules.js";
import type { FolderRow } from "./files.repository.js";

/**
 * A project's folder tree, built from one query, answering the questions that would otherwise walk the
 * tree one query per level: is this folder hidden by a private ancestor, what lies below it.
 */
export interface FolderTree {
  get(id: number): FolderRow | undefined;
  /** Whether the folder or any folder above it is private. 0 (the root) never is. */
  isPrivatePath(folderId: number): boolean;
  /** The folder ids below `folderId`, itself included. */
  subtree(folderId: number): number[];
  /** Whether `candidate` is `folderId` or lies below it. */
  isWithin(candidate: number, folderId: number): boolean;
  folders: readonly FolderRow[];
}

/** Builds the tree; cycles (which the move rule prevents) are cut rather than looped on. */
export function folderTree(folders: readonly FolderRow[]): FolderTree {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const children = new Map<number, number[]>();
  for (const folder of folders) {
    const list = children.get(folder.parent_id) ?? [];
    list.push(folder.id);
    children.set(folder.parent_id, list);
  }

  function ancestorsAndSelf(folderId: number): FolderRow[] {
    const chain: FolderRow[] = [];
    const seen = new Set<number>();
    let current = byId.get(folderId);
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      chain.push(current);
      current = byId.get(current.parent_id);
    }
    return chain;
  }

  return {
    folders,
    get: (id) => byId.get(id),
    isPrivatePath: (folderId) => ancestorsAndSelf(folderId).some((folder) => isPrivate(folder.privacy)),
    subtree(folderId) {
      const result: number[] = [];
      const queue = [folderId];
      const seen = new Set<number>();
      while (queue.length > 0) {
        const id = queue.shift() as number;
        if (seen.has(id)) continue;
        seen.add(id);
        result.push(id);
        queue.push(...(children.get(id) ?? []));
      }
      return result;
    },
    isWithin: (candidate, folderId) => ancestorsAndSelf(candidate).some((folder) => folder.id === folderId),
  };
}
