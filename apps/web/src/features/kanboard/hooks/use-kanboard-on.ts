import { useCurrentMe } from "../../auth/hooks/use-session.js";

/** Paths of the board's calls, under `/api/`. */
export const kanboardPath = (projectId: number) => `pm-pro/v2/projects/${projectId}/kanboard`;

/** Whether the modules list has the Kanban board on: the board, its menu entry and its links are gone while it is off. */
export function useKanboardOn(): boolean {
  return useCurrentMe().active_modules.includes("kanboard");
}
