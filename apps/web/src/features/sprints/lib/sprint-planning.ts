import type { Project, Sprint } from "@plotline/contracts";

/** What the planning rule reads of a project: the caller's abilities in it and its members' roles. */
type PlanningFacts = { abilities: Pick<Project["abilities"], "can_manage" | "create_task"> } & {
  assignees: { data: ReadonlyArray<{ id: number; roles: { data: ReadonlyArray<{ slug: string }> } }> };
};

/** What the carry-over choice reads of a sprint. */
type TargetFacts = Pick<Sprint, "id" | "status"> & { start_at: { date: string }; projects: { data: ReadonlyArray<{ id: number }> } };

/**
 * The projects the signed-in user may plan a sprint over, as the sprints policy decides on the server
 * (`canPlanIn`: site managers and the project's managers, or a co-worker who may create tasks). No answer
 * carries that ability yet, so it is read from the project's own abilities and the user's role in it; the
 * server still checks, and names any project it refuses on the `projects` field.
 */
export function plannableProjects<P extends PlanningFacts>(projects: readonly P[], userId: number): P[] {
  return projects.filter((project) => {
    if (project.abilities.can_manage) return true;
    if (!project.abilities.create_task) return false;
    const me = project.assignees.data.find((member) => member.id === userId);
    return me?.roles.data.some((role) => role.slug === "co_worker") ?? false;
  });
}

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
