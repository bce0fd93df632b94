import { Divider, Stack, Text } from "@mantine/core";
import type { Member, Task } from "@plotline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/client.js";
import { notifyError } from "../../../lib/notify.js";
import { useDraft } from "../../tasks/hooks/use-draft.js";
import { updateTaskNow } from "../../tasks/hooks/use-tasks.js";
import { customFieldKeys, useProjectFields } from "../hooks/use-custom-fields.js";
import { valueOf, type FieldValue } from "../lib/field-model.js";
import { FieldValueInput, type InputField } from "./FieldValueInput.js";

/** The message the server gave about one field's value, if any. */
function fieldMessage(error: unknown, fieldId: number): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.params[`custom_fields.${fieldId}`]?.[0] ?? null;
}

function TaskFieldValue({
  field,
  serverValue,
  canEdit,
  members,
  onSave,
}: {
  field: InputField;
  serverValue: FieldValue;
  canEdit: boolean;
  members: readonly Member[];
  onSave: (value: FieldValue, onError: (message: string | null) => void) => void;
}) {
  const [value, setValue] = useDraft<FieldValue>(serverValue);
  const [error, setError] = useState<string | null>(null);
  return (
    <div data-custom-field={field.title}>
      <FieldValueInput
        field={field}
        value={value}
        members={members}
        disabled={!canEdit}
        error={error ?? undefined}
        onChange={(next) => {
          setValue(next);
          setError(null);
          // The value stays as typed with the server's message under it, so it can be put right.
          onSave(next, setError);
        }}
      />
    </div>
  );
}

/**
 * The task's custom fields in the task modal, in the project's order, each saving as it changes. What the
 * server refuses (a required field left empty, a bad address) shows under that field.
 */
export function TaskCustomFields({ projectId, task, members }: { projectId: number; task: Task; members: readonly Member[] }) {
  const { t } = useTranslation();
  const fields = useProjectFields(projectId);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ fieldId, value }: { fieldId: number; value: FieldValue }) => updateTaskNow(queryClient, projectId, task.id, { custom_fields: { [String(fieldId)]: value } }),
    // A filtered list may no longer hold the task, or hold it now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...customFieldKeys.project(projectId), "filtered-tasks"] }),
    meta: { silent: true },
  });
  if (fields.length === 0) return null;
  const canEdit = task.abilities.can_edit;
  return (
    <Stack gap="sm" component="section" aria-labelledby={`task-custom-fields-${task.id}`}>
      <Divider />
      <Text size="sm" fw={600} id={`task-custom-fields-${task.id}`}>
        {t("custom_fields.task.section")}
      </Text>
      {fields.map((field) => (
        <TaskFieldValue
          key={field.id}
          field={field}
          serverValue={valueOf(field, task.custom_fields)}
          canEdit={canEdit}
          members={members}
          onSave={(value, onError) =>
            save.mutate(
              { fieldId: field.id, value },
              {
                onError: (error) => {
                  const message = fieldMessage(error, field.id);
                  onError(message);
                  if (message === null) notifyError(error);
                },
              },
            )
          }
        />
      ))}
    </Stack>
  );
}
