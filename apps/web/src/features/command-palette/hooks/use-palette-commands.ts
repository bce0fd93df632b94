import { routePath, type MenuEntry, type RouteName, type Task } from "@plotline/contracts";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "../../../i18n/keys.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { useColorSchemeChoice } from "../../color-scheme/hooks/use-color-scheme-choice.js";
import { useProject } from "../../projects/hooks/use-projects.js";
import { projectMenu } from "../../projects/lib/project-menu.js";
import { useTask } from "../../tasks/hooks/use-tasks.js";
import type { ShortcutId } from "../../shortcuts/lib/shortcuts.js";
import type { PaletteEntry } from "../lib/palette-entries.js";

/** The shortcut that goes to a site page, shown beside it. */
const PAGE_SHORTCUTS: Partial<Record<RouteName, ShortcutId>> = { project_lists: "go_projects", my_tasks: "go_my_tasks", calendar: "go_calendar", inbox: "go_inbox" };

/** Where the palette is opened: the site menu of this layout, the pages of this build, the project on screen. */
export interface PaletteContext {
  siteEntries: readonly MenuEntry[];
  pages: ReadonlySet<RouteName>;
  /** The project whose page is on screen, or null. */
  projectId: number | null;
  /** The task the palette can act on: the one open in its modal, or the task row that had the focus. */
  task: PaletteTask | null;
}

/** A task the palette's task actions apply to. */
export interface PaletteTask {
  projectId: number;
  taskId: number;
}

/**
 * The palette's actions and pages for this user and place: the site menu the server sent (only modules
 * that are on, only what the user may see), their account, and the menu of the project on screen.
 */
export function usePaletteCommands({ siteEntries, pages, projectId, task: taskInContext }: PaletteContext): { actions: PaletteEntry[]; pages: PaletteEntry[] } {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const scheme = useColorSchemeChoice();
  const project = useProject(projectId ?? Number.NaN).data;
  const task = useTask(taskInContext?.projectId ?? Number.NaN, taskInContext?.taskId ?? Number.NaN).data?.data;

  const actions: PaletteEntry[] = [...(task ? taskActions(task, me.user.id, t) : []),
    {
      key: "action:new_task",
      group: "actions",
      label: t("palette.actions.new_task"),
      description: project ? t("palette.actions.new_task_in", { project: project.title }) : t("palette.actions.new_task_anywhere"),
      keywords: t("palette.keywords.new_task"),
      icon: "new",
      shortcut: "new_task",
      target: { kind: "action", action: "new_task" },
    },
  ];
  if (me.capabilities.create_project) {
    actions.push({ key: "action:new_project", group: "actions", label: t("projects.new"), keywords: t("palette.keywords.new_project"), icon: "new", target: { kind: "action", action: "new_project" } });
  }
  actions.push({
    key: "action:switch_theme",
    group: "actions",
    label: t("color_scheme.switch"),
    description: scheme.shown === "dark" ? t("color_scheme.switch_to_light") : t("color_scheme.switch_to_dark"),
    keywords: t("palette.keywords.theme"),
    icon: "theme",
    target: { kind: "action", action: "switch_theme" },
  });
  if (scheme.choice !== "auto") {
    actions.push({ key: "action:follow_system_theme", group: "actions", label: t("color_scheme.follow_system"), keywords: t("palette.keywords.theme"), icon: "theme", target: { kind: "action", action: "follow_system_theme" } });
  }
  actions.push(
    { key: "action:shortcuts", group: "actions", label: t("shortcuts.title"), keywords: t("palette.keywords.shortcuts"), icon: "keyboard", shortcut: "help", target: { kind: "action", action: "shortcuts" } },
    { key: "action:sign_out", group: "actions", label: t("menu.sign_out"), keywords: t("palette.keywords.sign_out"), icon: "sign_out", target: { kind: "action", action: "sign_out" } },
  );

  const pageEntries: PaletteEntry[] = siteEntries.map((entry) => ({
    key: `page:${entry.route}`,
    group: "pages",
    label: t(entry.label as TranslationKey),
    keywords: t("palette.keywords.page"),
    icon: "page",
    shortcut: PAGE_SHORTCUTS[entry.route],
    target: { kind: "path", path: routePath(entry.route) },
  }));
  pageEntries.push({ key: "page:account", group: "pages", label: t("menu.account"), keywords: t("palette.keywords.account"), icon: "page", target: { kind: "path", path: routePath("account") } });
  if (project) {
    for (const entry of projectMenu(me, project, pages)) {
      pageEntries.push({
        key: `project-page:${entry.route}`,
        group: "pages",
        label: t(entry.label as TranslationKey),
        description: project.title,
        keywords: t("palette.keywords.page"),
        icon: "page",
        target: { kind: "path", path: routePath(entry.route, { project_id: project.id }) },
      });
    }
  }
  return { actions, pages: pageEntries };
}

/** What the palette can do to the task in context, as far as the task's abilities allow. */
function taskActions(task: Task, myId: number, t: TFunction): PaletteEntry[] {
  const entries: PaletteEntry[] = [];
  const about = { description: task.title, group: "actions" as const };
  if (task.abilities.can_complete) {
    entries.push(
      task.status === 1
        ? { ...about, key: "action:reopen_task", label: t("palette.actions.reopen_task"), keywords: t("palette.keywords.complete"), icon: "complete", target: { kind: "action", action: "reopen_task" } }
        : { ...about, key: "action:complete_task", label: t("palette.actions.complete_task"), keywords: t("palette.keywords.complete"), icon: "complete", target: { kind: "action", action: "complete_task" } },
    );
  }
  if (task.abilities.can_edit && !task.assignees.data.some((user) => user.id === myId)) {
    entries.push({ ...about, key: "action:assign_to_me", label: t("palette.actions.assign_to_me"), keywords: t("palette.keywords.assign"), icon: "assign", target: { kind: "action", action: "assign_to_me" } });
  }
  if (task.abilities.can_edit || task.abilities.can_edit_details) {
    entries.push({ ...about, key: "action:change_due_date", label: t("palette.actions.change_due_date"), keywords: t("palette.keywords.due_date"), icon: "due_date", shortcut: "row_due_date", target: { kind: "action", action: "change_due_date" } });
  }
  return entries;
}
