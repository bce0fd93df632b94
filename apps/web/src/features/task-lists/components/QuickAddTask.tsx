import { Loader, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCreateTask } from "../../tasks/hooks/use-tasks.js";

/** A one-line field at the foot of a list: type a title, press Enter, and the task is in that list. */
export function QuickAddTask({ projectId, listId, listTitle }: { projectId: number; listId: number; listTitle: string }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState("");
  const create = useCreateTask(projectId);

  const submit = () => {
    const value = title.trim();
    if (!value || create.isPending) return;
    create.mutate({ title: value, board_id: listId }, { onSuccess: () => setTitle("") });
  };

  return (
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
      }}
      placeholder={t("task_lists.quick_add")}
      aria-label={t("task_lists.quick_add_label", { title: listTitle })}
      leftSection={create.isPending ? <Loader size={14} /> : <IconPlus size={14} aria-hidden />}
      maxLength={255}
    />
  );
}
