import { TextInput, VisuallyHidden } from "@mantine/core";
import { QUICK_ADDED_MS, useQuickAddSections } from "../../../components/QuickAddFeedback.js";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCreateSubTask } from "../hooks/use-sub-tasks.js";
import { showSubTaskError } from "./show-error.js";

/**
 * Quick add under a task's sub-tasks: type a title, press Enter, and it is added at the end. The field
 * empties at once and keeps the focus for the next one; titles are sent one after another in the order
 * typed. A title the server refused comes back into an empty field, with the reason under it.
 */
export function SubTaskAddBox({ projectId, parentId, parentTitle }: { projectId: number; parentId: number; parentTitle: string }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(0);
  const [added, setAdded] = useState<string | null>(null);
  const create = useCreateSubTask(projectId, parentId);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    if (added === null) return;
    const timer = window.setTimeout(() => setAdded(null), QUICK_ADDED_MS);
    return () => window.clearTimeout(timer);
  }, [added]);

  const submit = () => {
    const value = title.trim();
    if (!value) return;
    setTitle("");
    setError(null);
    setSending((count) => count + 1);
    // mutateAsync, not mutate: with mutate only the last of several quick calls would report back.
    queue.current = queue.current
      .then(() => create.mutateAsync({ title: value }))
      .then(
        () => setAdded(value),
        (failure: unknown) => {
          const byField = showSubTaskError(failure, ["title"]);
          setError(byField.title ?? null);
          setTitle((current) => current || value);
        },
      )
      .finally(() => setSending((count) => count - 1));
  };

  const sections = useQuickAddSections({ sending, added, testId: "sub-task-added" });
  return (
    <>
      <TextInput
        size="sm"
        variant="filled"
        value={title}
        error={error}
        onChange={(event) => {
          setTitle(event.currentTarget.value);
          if (error) setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
        placeholder={t("sub_tasks.add")}
        aria-label={t("sub_tasks.add_label", { title: parentTitle })}
        {...sections}
        maxLength={255}
        data-testid="sub-task-add"
      />
      {/* Said once per sub-task, so a screen-reader user hears each one land. */}
      <VisuallyHidden role="status" aria-live="polite">
        {added ? t("sub_tasks.added_status", { title: added }) : ""}
      </VisuallyHidden>
    </>
  );
}
