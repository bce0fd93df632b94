import { Button, Group, Modal, Text } from "@mantine/core";
import { useEffect, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { openSubTaskCount, registerCompletionHost, type CompletionChoice, type PendingQuestion } from "../lib/completion-question.js";

/**
 * The one dialog asking whether completing a task completes its open sub-tasks too: "Complete all",
 * "Only this task", or Cancel (also Escape and the close button), which completes nothing. Mounted once in
 * the app's frame; `askAboutSubTasks` opens it from wherever a task is completed.
 */
export function CompletionQuestionHost() {
  const { t } = useTranslation();
  const [question, setQuestion] = useState<PendingQuestion | null>(null);

  useEffect(
    () =>
      registerCompletionHost((next) =>
        setQuestion((current) => {
          // A second question while one is open (two quick clicks) cancels the first.
          current?.answer(null);
          return next;
        }),
      ),
    [],
  );

  const answer = (choice: CompletionChoice) => {
    question?.answer(choice);
    setQuestion(null);
  };
  const count = question ? openSubTaskCount(question.task) : 0;

  return (
    <Modal
      opened={question !== null}
      onClose={() => answer(null)}
      title={t("sub_tasks.question", { count })}
      centered
      size="md"
      // Above the task modal, which may be the page it is asked from.
      zIndex={400}
      // Mantine hears Escape on the window, and this dialog is mounted before any task modal, so its own
      // handler would close it first and the task modal would then take the same press as its own: Escape
      // is read from the keys pressed in it instead (the task modal leaves alone a press made in another dialog).
      closeOnEscape={false}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key !== "Escape") return;
        event.stopPropagation();
        answer(null);
      }}
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      {question && (
        <>
          <Text size="sm">{t("sub_tasks.question_body", { count, title: question.task.title })}</Text>
          <Group justify="flex-end" mt="lg" gap="xs">
            <Button variant="default" onClick={() => answer(null)}>
              {t("common.cancel")}
            </Button>
            <Button variant="light" onClick={() => answer({ completeSubTasks: false })}>
              {t("sub_tasks.only_this_task")}
            </Button>
            <Button onClick={() => answer({ completeSubTasks: true })} data-autofocus>
              {t("sub_tasks.complete_all")}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
