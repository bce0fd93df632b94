import { useDisclosure, useHotkeys } from "@mantine/hooks";
import { routePath, type MenuEntry, type RouteName } from "@plotline/contracts";
import { createContext, lazy, Suspense, use, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMatch, useNavigate } from "react-router";
import { notifySuccess } from "../../../lib/notify.js";
import { useCurrentMe, useLogout } from "../../auth/hooks/use-session.js";
import type { NewTaskDraft } from "../../calendar/components/NewTaskModal.js";
import { useColorSchemeChoice, useUserColorScheme } from "../../color-scheme/hooks/use-color-scheme-choice.js";
import { ProjectFormModal } from "../../projects/components/ProjectFormModal.js";
import { ShortcutsSheet } from "../../shortcuts/components/ShortcutsSheet.js";
import { useShortcuts } from "../../shortcuts/hooks/use-shortcuts.js";
import type { ShortcutId } from "../../shortcuts/lib/shortcuts.js";
import type { PaletteActionId, PaletteTarget } from "../lib/palette-entries.js";
import { findQuickAdd, findSearchBox } from "../lib/page-targets.js";
import { CommandPalette } from "./CommandPalette.js";

// The New Task form comes with its own chunk (it brings the date pickers), fetched when first opened.
const NewTaskLauncher = lazy(() => import("./NewTaskLauncher.js").then((module) => ({ default: module.NewTaskLauncher })));

/** How a task opened from the palette knows to close back to the page it was opened over (routes/single-task.tsx). */
const OPENED_OVER_PAGE = { backToPrevious: true } as const;

/** What the header's buttons open. */
interface CommandCenterValue {
  openPalette: () => void;
  openShortcuts: () => void;
}

const CommandCenterContext = createContext<CommandCenterValue | null>(null);

/** The palette and the shortcut sheet, for the header's buttons. */
export function useCommandCenter(): CommandCenterValue {
  const value = use(CommandCenterContext);
  if (!value) throw new Error("useCommandCenter is used outside CommandCenter");
  return value;
}

/** A route parameter as an id, or null. */
const idOf = (raw: string | undefined) => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

/** Gives the focus back to where it was before a form opened, once the form has gone. */
function restoreFocus(element: Element | null) {
  if (element instanceof HTMLElement && element.isConnected) window.requestAnimationFrame(() => element.focus());
}

/**
 * The keyboard layer of a signed-in layout: the command palette (Ctrl+K or ⌘K), the `?` sheet, the
 * global shortcuts, and the forms they open (a new task, a new project). It also puts the signed-in
 * user's own colour scheme on screen. `siteEntries` is the site menu the layout shows.
 */
export function CommandCenter({ siteEntries, pages, children }: { siteEntries: readonly MenuEntry[]; pages: ReadonlySet<RouteName>; children: ReactNode }) {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const navigate = useNavigate();
  const logout = useLogout();
  const scheme = useColorSchemeChoice();
  useUserColorScheme(me.user.id);
  const projectId = idOf(useMatch("/projects/:project_id/*")?.params.project_id);
  const [isPaletteOpen, palette] = useDisclosure(false);
  const [isSheetOpen, sheet] = useDisclosure(false);
  const [newTaskDraft, setNewTaskDraft] = useState<NewTaskDraft | null>(null);
  const [isCreatingProject, setCreatingProject] = useState(false);
  // What to run once the palette has closed and handed the focus back (see CommandPalette's onClosed).
  const afterPalette = useRef<(() => void) | null>(null);
  const focusBeforeForm = useRef<Element | null>(null);

  const routes = new Set(siteEntries.map((entry) => entry.route));
  // The New Task form lists projects through the calendar's API, so it needs the calendar module on.
  const hasNewTaskForm = routes.has("calendar");

  const openForm = (open: () => void) => {
    focusBeforeForm.current = document.activeElement;
    open();
  };

  /** `c` and the palette's "New task": the list's quick add when one is on screen, else the form. */
  const newTask = () => {
    const quickAdd = findQuickAdd(document.activeElement);
    if (quickAdd) {
      quickAdd.focus();
      return;
    }
    if (hasNewTaskForm) {
      openForm(() => setNewTaskDraft({ day: null, projectId, assigneeId: null }));
      return;
    }
    // Without the form, the task lists are where tasks are added.
    void navigate(projectId ? routePath("task_lists", { project_id: projectId }) : routePath("project_lists"));
  };

  const focusSearch = () => {
    const box = findSearchBox();
    if (!box) {
      palette.open();
      return;
    }
    box.focus();
    box.select();
  };

  const goTo = (route: RouteName) => (routes.has(route) ? () => void navigate(routePath(route)) : undefined);

  const handlers: Partial<Record<ShortcutId, () => void>> = {
    help: sheet.open,
    focus_search: focusSearch,
    go_projects: goTo("project_lists"),
    go_my_tasks: goTo("my_tasks"),
    go_calendar: goTo("calendar"),
    new_task: newTask,
  };
  useShortcuts(handlers);
  // Also from inside a field: Ctrl+K types nothing, and it is how one leaves a search for the palette.
  useHotkeys([["mod+K", () => (isPaletteOpen ? palette.close() : palette.open())]], []);

  const runAction = (action: PaletteActionId) => {
    switch (action) {
      case "new_task":
        return newTask();
      case "new_project":
        return openForm(() => setCreatingProject(true));
      case "switch_theme":
        return scheme.toggle();
      case "follow_system_theme":
        return scheme.setChoice("auto");
      case "shortcuts":
        return sheet.open();
      case "sign_out":
        return logout.mutate(undefined, { onSettled: () => notifySuccess(t("auth.signed_out")) });
    }
  };

  const choose = (target: PaletteTarget) => {
    palette.close();
    if (target.kind === "action") {
      afterPalette.current = () => runAction(target.action);
      return;
    }
    // A task opened from here closes back to the page it was opened over, as from the search box.
    void navigate(target.path, { state: OPENED_OVER_PAGE });
  };

  const available = new Set<ShortcutId>(["palette", "help", "close", ...(Object.keys(handlers) as ShortcutId[]).filter((id) => handlers[id] !== undefined)]);

  return (
    <CommandCenterContext value={{ openPalette: palette.open, openShortcuts: sheet.open }}>
      {children}
      <CommandPalette
        opened={isPaletteOpen}
        onClose={palette.close}
        onChoose={choose}
        onClosed={() => {
          const next = afterPalette.current;
          afterPalette.current = null;
          next?.();
        }}
        context={{ siteEntries, pages, projectId }}
      />
      <ShortcutsSheet opened={isSheetOpen} onClose={sheet.close} available={available} />
      {newTaskDraft && (
        <Suspense fallback={null}>
          <NewTaskLauncher
            draft={newTaskDraft}
            onClose={() => {
              setNewTaskDraft(null);
              restoreFocus(focusBeforeForm.current);
            }}
          />
        </Suspense>
      )}
      {isCreatingProject && (
        <ProjectFormModal
          project={null}
          opened
          onClose={() => {
            setCreatingProject(false);
            restoreFocus(focusBeforeForm.current);
          }}
        />
      )}
    </CommandCenterContext>
  );
}
