import type { ProModuleKey } from "@plotline/contracts";

/** How the modules list names and describes a Pro module. */
export interface ModuleDescription {
  name: string;
  description: string;
}

/**
 * Every Pro module of Plotline, in the order the modules list shows them. A `Record` over the keys, so a
 * module added to PRO_MODULE_KEYS without a description does not compile.
 */
export const MODULE_CATALOGUE: Readonly<Record<ProModuleKey, ModuleDescription>> = {
  files: {
    name: "Files",
    description: "Folders, uploads, documents and links in each project, with comments, revisions and private items.",
  },
  calendar: {
    name: "Calendar",
    description: "Tasks and milestones of every project on a month, week and day calendar, with a per-user view.",
  },
  reports: {
    name: "Reports",
    description: "Reports on tasks, milestones and time across projects and people, with exports.",
  },
  progress: {
    name: "Progress",
    description: "A site-wide feed of what changed in every project, day by day.",
  },
  invoice: {
    name: "Invoice",
    description: "Invoices for project work, sent to clients and paid online by card.",
  },
  gantt: {
    name: "Gantt Chart",
    description: "A project's tasks on a timeline, with dependencies, dragged to new dates.",
  },
  kanboard: {
    name: "Kanban Board",
    description: "A project's tasks on columns of cards, moved by drag and drop.",
  },
  sprint: {
    name: "Sprint",
    description: "Time-boxed sprints of tasks across projects: planned from the backlog, started, completed with carry-over, and followed on a burndown.",
  },
  sub_tasks: {
    name: "Sub Tasks",
    description: "Smaller steps inside a task, each with its own assignees, dates and status.",
  },
  time_tracker: {
    name: "Time Tracker",
    description: "A timer and manual time logs on tasks, summed per task, person and project.",
  },
  integrations: {
    name: "Integrations",
    description: "Task events sent to a team-chat webhook, and commits from code hosting linked to tasks.",
  },
  custom_fields: {
    name: "Custom Fields",
    description: "Fields of your own on tasks (text, numbers, dates, choices, people), filled in, shown as columns and filtered by.",
  },
  store_link: {
    name: "Store Product Link",
    description: "Projects created from store orders, linked to the product that was bought.",
  },
};

/** Where a module's thumbnail is: an SVG shipped with the web app (apps/web/public/modules). */
export function moduleThumbnail(key: ProModuleKey): string {
  return `/modules/${key}.svg`;
}
