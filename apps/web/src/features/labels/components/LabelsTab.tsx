import { Alert, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import type { Label } from "@plotline/contracts";
import { IconInfoCircle, IconTag } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { RowActions } from "../../../components/RowActions.js";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { useDeleteLabel, useLabels } from "../hooks/use-labels.js";
import { LabelChip } from "./LabelChips.js";
import { LabelForm } from "./LabelForm.js";

function LabelRow({ label, onEdit, onDelete, editing }: { label: Label; onEdit: () => void; onDelete: () => void; editing: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" px="md" py="sm" bg={editing ? "var(--plotline-color-highlight)" : undefined} data-testid={`label-${label.id}`}>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <LabelChip label={{ ...label, description: "" }} size="md" />
        {label.description && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {label.description}
          </Text>
        )}
      </Stack>
      <RowActions
        editLabel={t("labels.edit", { title: label.title })}
        deleteLabel={t("labels.delete", { title: label.title })}
        onEdit={label.abilities.can_edit ? onEdit : undefined}
        onDelete={label.abilities.can_delete ? onDelete : undefined}
      />
    </Group>
  );
}

/** The Label tab: the project's labels with edit and delete, and the create or edit form beside them. */
export function LabelsTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const labels = useLabels(projectId);
  const remove = useDeleteLabel(projectId);
  const [editing, setEditing] = useState<Label | null>(null);
  const [deleting, setDeleting] = useState<Label | null>(null);

  if (labels.isPending) return <LoadingScreen />;
  if (labels.error) return <ErrorState error={labels.error} onRetry={() => void labels.refetch()} />;
  const rows = labels.data.data;
  const canManage = labels.data.meta.can_create;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t("labels.intro")}
      </Text>
      {!canManage && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={16} />}>
          {t("labels.read_only")}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: canManage ? 2 : 1 }} spacing="lg" style={{ alignItems: "start" }}>
        <Paper withBorder radius="md" component="section" aria-label={t("labels.title")}>
          {rows.length === 0 ? (
            <EmptyState icon={<IconTag size={28} />} title={t("labels.empty")} body={canManage ? t("labels.empty_hint") : undefined} />
          ) : (
            <Stack gap={0} role="list" style={{ overflow: "hidden", borderRadius: "var(--mantine-radius-md)" }}>
              {rows.map((label, index) => (
                <div role="listitem" key={label.id} style={index > 0 ? { borderTop: "1px solid var(--mantine-color-default-border)" } : undefined}>
                  <LabelRow label={label} editing={editing?.id === label.id} onEdit={() => setEditing(label)} onDelete={() => setDeleting(label)} />
                </div>
              ))}
            </Stack>
          )}
        </Paper>
        {canManage && <LabelForm key={editing?.id ?? "new"} projectId={projectId} label={editing} onDone={() => setEditing(null)} />}
      </SimpleGrid>
      <ConfirmDialog
        opened={deleting !== null}
        title={t("labels.delete_confirm")}
        message={t("labels.delete_body", { title: deleting?.title ?? "" })}
        confirmLabel={t("labels.delete_button")}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting || remove.isPending) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              if (editing?.id === deleting.id) setEditing(null);
              setDeleting(null);
            },
          });
        }}
      />
    </Stack>
  );
}
