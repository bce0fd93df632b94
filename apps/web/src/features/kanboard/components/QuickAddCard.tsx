import { TextInput, VisuallyHidden } from "@mantine/core";
import type { KanboardColumn } from "@plotline/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { QUICK_ADDED_MS, useQuickAddSections } from "../../../components/QuickAddFeedback.js";
import { useTranslation } from "react-i18next";
import { useCreateTask } from "../../tasks/hooks/use-tasks.js";
import { parseQuickAdd } from "../../tasks/quick-add.js";
import { showNewCard } from "../hooks/use-kanboard.js";

/**
 * A one-line field at the top of a column: type a title, press Enter, and a task is created in that column
 * (`kan_board_id`), its card on top. The field empties at once and keeps the focus, so cards can be typed
 * one after another; each is sent after the one before, and a title that failed comes back. The field
 * shows the app's quick-add feedback (a spinner, then "Added").
 */
export function QuickAddCard({ projectId, column }: { projectId: number; column: KanboardColumn }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const create = useCreateTask(projectId);
  const [title, setTitle] = useState("");
  const [sending, setSending] = useState(0);
  const [added, setAdded] = useState("");
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const sections = useQuickAddSections({ sending, added, testId: "kb-quick-add-added" });

  useEffect(() => {
    if (added === "") return;
    const timer = window.setTimeout(() => setAdded(""), QUICK_ADDED_MS);
    return () => window.clearTimeout(timer);
  }, [added]);

  const submit = () => {
    const value = title.trim();
    if (!value) return;
    // `!high` (or low, medium, urgent) anywhere in the line sets the priority, as in the lists' quick add.
    const line = parseQuickAdd(value);
    setTitle("");
    setSending((count) => count + 1);
    queue.current = queue.current
      .then(() => create.mutateAsync({ title: line.title, kan_board_id: column.id, ...(line.priority !== undefined && { priority: line.priority }) }))
      .then(
        (answer) => {
          showNewCard(queryClient, projectId, answer.data);
          setAdded(t("kanboard.quick_added_status", { title: answer.data.title, column: column.title }));
        },
        // The query client toasted the error; the title is not lost.
        () => setTitle((current) => current || value),
      )
      .finally(() => setSending((count) => count - 1));
  };

  return (
    <>
      <TextInput
        size="xs"
        variant="filled"
        value={title}
        maxLength={255}
        onChange={(event) => setTitle(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
        placeholder={t("kanboard.quick_add")}
        aria-label={t("kanboard.quick_add_label", { title: column.title })}
        {...sections}
        data-quick-add
      />
      <VisuallyHidden role="status" aria-live="polite">
        {added}
      </VisuallyHidden>
    </>
  );
}
