import type { PersonalReport, PersonalReportProject } from "@plotline/contracts";

/** The chart's bars: projects with estimated hours above 0, their estimated and completed (logged) hours. */
export function chartRows(projects: readonly PersonalReportProject[]): Array<{ project: string; estimated: number; completed: number }> {
  return projects
    .filter((project) => (project.estimated_hours ?? 0) > 0)
    .map((project) => ({ project: project.project.data.title, estimated: project.estimated_hours ?? 0, completed: project.completed_hours }));
}

/** The projects table leaves out the projects whose estimation is null (nothing estimated in them). */
export function estimatedProjects(projects: readonly PersonalReportProject[]): PersonalReportProject[] {
  return projects.filter((project) => project.estimated_task_hours !== null || project.estimated_sub_task_hours !== null);
}

/** Whether the report has anything to show: without completed work or projects, the empty notice stands instead. */
export function hasResults(report: PersonalReport): boolean {
  return report.tasks.data.length > 0 || report.projects.data.length > 0;
}
