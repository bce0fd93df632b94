import { routePath, type MenuEntry, type RouteName } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "../../../i18n/keys.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { useColorSchemeChoice } from "../../color-scheme/hooks/use-color-scheme-choice.js";
import { useProject } from "../../projects/hooks/use-projects.js";
import { projectMenu } from "../../projects/lib/project-menu.js";
import type { ShortcutId } from "../../shortcuts/lib/shortcuts.js";
import type { PaletteEntry } from "../lib/palette-entries.js";

/** The shortcut that goes to a site page, shown beside it. */
const PAGE_SHORTCUTS: Partial<Record<RouteName, ShortcutId>> = { project_lists: "go_projects", my_tasks: "go_my_tasks", calendar: "go_calendar" };

/** Where the palette is opened: the site menu of this layout, the pages of this build, the project on screen. */
export interface PaletteContext {
  siteEntries: readonly MenuEntry[];
  pages: ReadonlySet<RouteName>;
  /** The project whose page is on screen, or null. */
  projectId: number | null;
}

/**
 * The palette's actions and pages for this user and place: the site menu the server sent (only modules
 * that are on, only what the user may see), their account, and the menu of the project on screen.
 */
export function usePaletteCommands({ siteEntries, pages, projectId }: PaletteContext): { actions: PaletteEntry[]; pages: PaletteEntry[] } {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const scheme = useColorSchemeChoice();
  const project = useProject(projectId ?? Number.NaN).data;

  const actions: PaletteEntry[] = [
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
