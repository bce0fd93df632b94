import { listEnvelope, searchAnswerSchema, taskSchema, type SearchModel, type Task } from "@plotline/contracts";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** What the palette jumps to through the search: projects, task lists and tasks (sub-tasks come as tasks). */
const PALETTE_MODELS: readonly SearchModel[] = ["project", "task_list", "task"];

/** The palette shows the best few; the projects page's box is there for browsing more. */
const PALETTE_RESULTS = 10;

/** Shorter than the search boxes' pause: the palette is for jumping, and its first lines show at once. */
const PALETTE_DEBOUNCE_MS = 250;

/**
 * Records matching the palette's words, best first, through the same search as the projects page's
 * box. Blank text asks nothing. The last results stay while the next load, so the list does not jump.
 * Answers the text the results are for, so the palette knows when they are current.
 */
export function usePaletteSearch(text: string) {
  const [debounced] = useDebouncedValue(text.trim(), PALETTE_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: queryKeys.search.palette(debounced),
    queryFn: ({ signal }) =>
      api.get("pm/v2/search", { schema: searchAnswerSchema, query: { query: debounced, model: PALETTE_MODELS, per_page: PALETTE_RESULTS }, signal }),
    enabled: debounced.length > 0,
    placeholderData: keepPreviousData,
  });
  return { ...query, settledText: debounced };
}

/** The task with this id in any project the user may see it in (`#123`); null for none, or no id asked. */
export function useTaskById(taskId: number | null) {
  return useQuery({
    queryKey: queryKeys.search.palette(`#${taskId ?? ""}`),
    queryFn: async ({ signal }): Promise<Task | null> => {
      const answer = await api.get("pm/v2/tasks", { schema: listEnvelope(taskSchema), query: { id: taskId ?? 0, per_page: 1 }, signal });
      return answer.data[0] ?? null;
    },
    enabled: taskId !== null,
  });
}
