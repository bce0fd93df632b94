import type { Sprint } from "@plotline/contracts";

/** What the carry-over choice reads of a sprint. */
type TargetFacts = Pick<Sprint, "id" | "status"> & { start_at: { date: string }; projects: { data: ReadonlyArray<{ id: number }> } };

/**
 * Where a completing sprint's open tasks may go: the other planned sprints, soonest first. `coversProjects`
 * says whether one spans every project of the open tasks; one that does not is offered but marked, and the
 * server explains its refusal on `carry_over_to`.
 */
export function carryOverTargets<S extends TargetFacts>(
  sprints: readonly S[],
  completing: Pick<Sprint, "id">,
  openTaskProjectIds: readonly number[],
): Array<{ sprint: S; coversProjects: boolean }> {
  const needed = [...new Set(openTaskProjectIds)];
  return sprints
    .filter((sprint) => sprint.status === "planned" && sprint.id !== completing.id)
    .sort((a, b) => a.start_at.date.localeCompare(b.start_at.date) || a.id - b.id)
    .map((sprint) => {
      const spans = new Set(sprint.projects.data.map((project) => project.id));
      return { sprint, coversProjects: needed.every((id) => spans.has(id)) };
    });
}
