import { useDisclosure, useHotkeys } from "@mantine/hooks";
import { routePath, type MenuEntry, type RouteName, type Task } from "@plotline/contracts";
import { createContext, lazy, Suspense, use, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useMatch, useNavigate } from "react-router";
import { notifyError, notifySuccess } from "../../../lib/notify.js";
import { queryKeys } from "../../../lib/query-keys.js";
import { listenForUndoKeys, showUndoToast } from "../../../lib/undo-toast.js";
import { useCurrentMe, useLogout } from "../../auth/hooks/use-session.js";
import type { NewTaskDraft } from "../../calendar/components/NewTaskModal.js";
import { useColorSchemeChoice, useUserColorScheme } from "../../color-scheme/hooks/use-color-scheme-choice.js";
import { ProjectFormModal } from "../../projects/components/ProjectFormModal.js";
import { ShortcutsSheet } from "../../shortcuts/components/ShortcutsSheet.js";
import { useShortcuts } from "../../shortcuts/hooks/use-shortcuts.js";
import type { ShortcutId } from "../../shortcuts/lib/shortcuts.js";
import { usePlanStatusChange } from "../../sub-tasks/hooks/use-status-plan.js";
import { offerStatusUndo } from "../../task-lists/hooks/use-complete-with-undo.js";
import { taskLinkState } from "../../task-lists/hooks/use-task-rows.js";
import { changeTaskStatus, updateTaskNow } from "../../tasks/hooks/use-tasks.js";
import type { PaletteTask } from "../hooks/use-palette-commands.js";
import { taskOfPath, taskOfRow } from "../lib/palette-task.js";
import type { PaletteActionId, PaletteTarget } from "../lib/palette-entries.js";
import { startKeyBuffer, takeBufferedKeys } from "../lib/key-buffer.js";
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
  const location = useLocation();
  const queryClient = useQueryClient();
  const planStatus = usePlanStatusChange();
  const logout = useLogout();
  const scheme = useColorSchemeChoice();
  useUserColorScheme(me.user.id);
  const projectId = idOf(useMatch("/projects/:project_id/*")?.params.project_id);
  const [isPaletteOpen, palette] = useDisclosure(false);
  const [isSheetOpen, sheet] = useDisclosure(false);
  // The task the palette's task actions act on: the one open in its modal, else the focused task row.
  const taskOnScreen = taskOfPath(location.pathname);
  const [focusedRowTask, setFocusedRowTask] = useState<PaletteTask | null>(null);
  const paletteTask = taskOnScreen ?? focusedRowTask;
  // What is typed while the palette opens is kept for its field, not lost (lib/key-buffer.ts).
  const openPalette = () => {
    startKeyBuffer();
    setFocusedRowTask(taskOfRow(document.activeElement, projectId));
    palette.open();
  };
  const closePalette = () => {
    takeBufferedKeys();
    palette.close();
  };
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
      openPalette();
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
    go_inbox: goTo("inbox"),
    new_task: newTask,
  };
  useShortcuts(handlers);
  useEffect(listenForUndoKeys, []);
  // Also from inside a field: Ctrl+K types nothing, and it is how one leaves a search for the palette.
  useHotkeys([["mod+K", () => (isPaletteOpen ? closePalette() : openPalette())]], []);

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
      case "complete_task":
      case "reopen_task":
      case "assign_to_me":
      case "change_due_date":
        return paletteTask ? runTaskAction(action, paletteTask) : undefined;
    }
  };

  const runTaskAction = (action: "complete_task" | "reopen_task" | "assign_to_me" | "change_due_date", target: PaletteTask) => {
    const { projectId: taskProject, taskId } = target;
    if (action === "change_due_date") {
      // The task's modal, opened (or kept) on its due date, as `d` on a row does.
      const path = taskOnScreen ? location.pathname : routePath("single_task", { project_id: taskProject, task_id: taskId });
      void navigate(path, { state: taskLinkState("due_date"), replace: taskOnScreen !== null });
      return;
    }
    const task = queryClient.getQueryData<{ data: Task }>(queryKeys.tasks.one(taskProject, taskId))?.data;
    if (!task) return;
    const title = task.title;
    if (action === "assign_to_me") {
      const before = task.assignees.data.map((user) => user.id);
      void updateTaskNow(queryClient, taskProject, taskId, { assignees: [...before, me.user.id] }).then(
        () => showUndoToast({ message: t("palette.actions.assigned_to_me", { title }), undo: () => updateTaskNow(queryClient, taskProject, taskId, { assignees: before.length > 0 ? before : [0] }) }),
        notifyError,
      );
      return;
    }
    const status = action === "complete_task" ? 1 : 0;
    // Completing a task with open sub-tasks asks first, as its row does.
    void planStatus(taskProject, task, status).then((plan) => {
      if (!plan) return;
      void changeTaskStatus(queryClient, taskProject, taskId, status, plan.completeSubTasks).then(
        () => offerStatusUndo(queryClient, taskProject, task, status, plan.reopenSubTaskIds),
        notifyError,
      );
    });
  };

  const choose = (target: PaletteTarget) => {
    closePalette();
    if (target.kind === "action") {
      afterPalette.current = () => runAction(target.action);
      return;
    }
    // A task opened from here closes back to the page it was opened over, as from the search box.
    void navigate(target.path, { state: OPENED_OVER_PAGE });
  };

  const available = new Set<ShortcutId>(["palette", "help", "close", "undo", ...(Object.keys(handlers) as ShortcutId[]).filter((id) => handlers[id] !== undefined)]);

  return (
    <CommandCenterContext value={{ openPalette, openShortcuts: sheet.open }}>
      {children}
      <CommandPalette
        opened={isPaletteOpen}
        onClose={closePalette}
        onChoose={choose}
        onClosed={() => {
          const next = afterPalette.current;
          afterPalette.current = null;
          next?.();
        }}
        context={{ siteEntries, pages, projectId, task: paletteTask }}
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
