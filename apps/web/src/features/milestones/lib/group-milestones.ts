import { dateOf, type Milestone } from "@plotline/contracts";

/** The three groups of the milestones page. */
export type MilestoneGroup = "late" | "upcoming" | "completed";

/**
 * Sorts milestones into late (target date before today and not complete), upcoming (not complete, date
 * today or later, or no date) and completed. `today` is YYYY-MM-DD, so dates compare as text.
 */
export function groupMilestones(milestones: readonly Milestone[], today: string): Record<MilestoneGroup, Milestone[]> {
  const groups: Record<MilestoneGroup, Milestone[]> = { late: [], upcoming: [], completed: [] };
  for (const milestone of milestones) groups[milestoneGroup(milestone, today)].push(milestone);
  return groups;
}

/** The group of one milestone, by the rule of `groupMilestones`. */
export function milestoneGroup(milestone: Pick<Milestone, "status" | "achieve_date">, today: string): MilestoneGroup {
  if (milestone.status === 1) return "completed";
  const day = dateOf(milestone.achieve_date);
  if (day !== null && day < today) return "late";
  return "upcoming";
}
