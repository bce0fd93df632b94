import { TextInput, VisuallyHidden } from "@mantine/core";
import { QUICK_ADDED_MS, useQuickAddSections } from "../../../components/QuickAddFeedback.js";
import type { Task } from "@plotline/contracts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isShown } from "../hooks/use-task-rows.js";
import { useCreateTask } from "../../tasks/hooks/use-tasks.js";
import { parseQuickAdd } from "../../tasks/quick-add.js";

/**
 * A one-line field at the foot of a list: type a title, press Enter, and the task is in that list. The
 * field empties at once and keeps the focus, so titles can be typed one after another; each is sent after
 * the one before (in the order typed), and a title that failed comes back into an empty field. The field
 * says "Added" in place and `onAdded` lets the list light up the new row.
 */
export function QuickAddTask({ projectId, listId, listTitle, onAdded }: { projectId: number; listId: number; listTitle: string; onAdded?: (task: Task) => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState("");
  const [sending, setSending] = useState(0);
  const [added, setAdded] = useState<string | null>(null);
  const create = useCreateTask(projectId);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    if (added === null) return;
    const timer = window.setTimeout(() => setAdded(null), QUICK_ADDED_MS);
    return () => window.clearTimeout(timer);
  }, [added]);

  const submit = () => {
    const value = title.trim();
    if (!value) return;
    // `!high` (or low, medium, urgent) anywhere in the line sets the priority.
    const line = parseQuickAdd(value);
    setTitle("");
    setSending((count) => count + 1);
    // mutateAsync, not mutate: with mutate only the last of several quick calls would report back.
    queue.current = queue.current
      .then(() => create.mutateAsync({ title: line.title, board_id: listId, ...(line.priority !== undefined && { priority: line.priority }) }))
      .then(
        (answer) => {
          setAdded(line.title);
          onAdded?.(answer.data);
        },
        // The query client toasted the error; the title is not lost.
        () => setTitle((current) => current || value),
      )
      .finally(() => setSending((count) => count - 1));
  };

  const sections = useQuickAddSections({ sending, added, testId: "quick-add-added" });
  return (
    <>
      <TextInput
        size="sm"
        variant="filled"
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
          // Escape leaves the field for the list's last task, so j and k carry on from there.
          if (event.key === "Escape" && title === "") {
            const rows = [...(event.currentTarget.closest("section")?.querySelectorAll<HTMLElement>("[data-task-row]") ?? [])].filter(isShown);
            const last = rows[rows.length - 1];
            if (last) {
              event.preventDefault();
              last.focus();
            }
          }
        }}
        placeholder={t("task_lists.quick_add")}
        aria-label={t("task_lists.quick_add_label", { title: listTitle })}
        {...sections}
        maxLength={255}
        // Where the `c` shortcut puts the focus (command-palette/lib/page-targets.ts).
        data-quick-add
      />
      {/* Said once per task, so a screen-reader user hears each one land. */}
      <VisuallyHidden role="status" aria-live="polite">
        {added ? t("task_lists.quick_added_status", { title: added, list: listTitle }) : ""}
      </VisuallyHidden>
    </>
  );
}
