import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Alert, Badge, Box, Button, Group, Paper, Stack, Text } from "@mantine/core";
import type { CustomField } from "@plotline/contracts";
import { IconForms, IconGripVertical, IconInfoCircle, IconPlus, IconWorld } from "@tabler/icons-react";
import { useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { RowActions } from "../../../components/RowActions.js";
import { useCustomFields, useDeleteCustomField, useSortCustomFields, type FieldScope } from "../hooks/use-custom-fields.js";
import { isSiteWide } from "../lib/field-model.js";
import { FieldFormModal } from "./FieldFormModal.js";

const dragId = (field: CustomField) => `cf:${field.id}`;

/** What a row says under the title: the options of a choice field, else the description. */
function FieldSummary({ field }: { field: CustomField }) {
  const text = field.options.length > 0 ? field.options.map((option) => option.title).join(" · ") : field.description;
  if (!text) return null;
  return (
    <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
      {text}
    </Text>
  );
}

function FieldRow({
  field,
  canDrag,
  hasHandles,
  inProject,
  onEdit,
  onDelete,
}: {
  field: CustomField;
  canDrag: boolean;
  /** Whether other rows show a drag handle: this one then keeps its place, so the titles line up. */
  hasHandles: boolean;
  inProject: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: dragId(field), disabled: !canDrag });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.5 : 1, position: "relative", zIndex: isDragging ? 1 : undefined };
  const siteWide = inProject && isSiteWide(field);
  return (
    <Box ref={setNodeRef} style={style} data-testid={`custom-field-${field.id}`} bg="var(--mantine-color-body)">
      <Group justify="space-between" wrap="nowrap" px="sm" py="sm" gap="xs" align="flex-start">
        {canDrag ? (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            mt={2}
            style={{ cursor: "grab", touchAction: "none" }}
            aria-label={t("custom_fields.drag", { title: field.title })}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={16} />
          </ActionIcon>
        ) : (
          hasHandles && <Box w={28} aria-hidden />
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
              {field.title}
            </Text>
            <Badge variant="light" color="gray" size="sm">
              {t(`custom_fields.type.${field.type}`)}
            </Badge>
            {field.required && (
              <Badge variant="light" color="orange" size="sm">
                {t("custom_fields.required_badge")}
              </Badge>
            )}
            {siteWide && (
              <Badge variant="light" color="indigo" size="sm" leftSection={<IconWorld size={12} aria-hidden />} title={t("custom_fields.site_field_hint")}>
                {t("custom_fields.site_field")}
              </Badge>
            )}
          </Group>
          <FieldSummary field={field} />
        </Stack>
        {!siteWide && (
          <RowActions
            editLabel={t("custom_fields.edit", { title: field.title })}
            deleteLabel={t("custom_fields.delete", { title: field.title })}
            onEdit={field.abilities.can_edit ? onEdit : undefined}
            onDelete={field.abilities.can_delete ? onDelete : undefined}
          />
        )}
      </Group>
    </Box>
  );
}

/**
 * The Custom fields tab of project settings, and the same list of site-wide fields in site settings: the
 * fields in order, dragged (mouse, touch or keyboard) to reorder, created and changed in a dialog, deleted
 * after "Are you sure?". In a project, the site-wide fields come first and are changed in site settings.
 */
export function CustomFieldsTab({ scope }: { scope: FieldScope }) {
  const { t } = useTranslation();
  const fields = useCustomFields(scope);
  const sort = useSortCustomFields(scope);
  const remove = useDeleteCustomField(scope);
  const [editing, setEditing] = useState<CustomField | "new" | null>(null);
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  if (fields.isPending) return <LoadingScreen />;
  if (fields.error) return <ErrorState error={fields.error} onRetry={() => void fields.refetch()} />;
  const inProject = scope.kind === "project";
  const rows = fields.data.data;
  // Only a scope's own fields move here; in a project, the site-wide ones keep their place above.
  const own = rows.filter((field) => !inProject || !isSiteWide(field));
  const canManage = fields.data.meta.can_create;
  const canDrag = canManage && own.length > 1 && own.every((field) => field.abilities.can_edit);
  const titleOf = (id: string | number) => rows.find((field) => dragId(field) === id)?.title ?? "";
  const positionOf = (id: string | number) => own.findIndex((field) => dragId(field) === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("custom_fields.drag_picked", { title: titleOf(active.id) }),
    // Over its own place (as the drag starts) the field has not moved: "Picked up" stays.
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id ? t("custom_fields.moved", { title: titleOf(active.id), position: positionOf(over.id), count: own.length }) : undefined,
    onDragEnd: ({ active, over }) => (over ? t("custom_fields.moved", { title: titleOf(active.id), position: positionOf(over.id), count: own.length }) : undefined),
    onDragCancel: ({ active }) => t("custom_fields.drag_cancelled", { title: titleOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = own.findIndex((field) => dragId(field) === active.id);
    const to = own.findIndex((field) => dragId(field) === over.id);
    if (from < 0 || to < 0) return;
    sort.mutate(arrayMove(own, from, to));
  };

  const newButton = canManage && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
      {t("custom_fields.new")}
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: "1 1 280px" }}>
          {inProject ? t("custom_fields.intro") : t("custom_fields.site_intro")}
        </Text>
        {rows.length > 0 && newButton}
      </Group>
      {!canManage && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={16} />}>
          {t("custom_fields.read_only")}
        </Alert>
      )}
      <Paper withBorder radius="md" component="section" aria-label={t("custom_fields.title")} style={{ overflow: "hidden" }}>
        {rows.length === 0 ? (
          <EmptyState
            icon={<IconForms size={28} />}
            title={t("custom_fields.empty")}
            body={canManage ? (inProject ? t("custom_fields.empty_body") : t("custom_fields.empty_body_site")) : t("custom_fields.empty_readonly")}
            action={newButton}
          />
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ announcements, screenReaderInstructions: { draggable: t("custom_fields.drag_instructions") } }}
          >
            <SortableContext items={own.map(dragId)} strategy={verticalListSortingStrategy}>
              <Stack gap={0} role="list" aria-label={t("custom_fields.list_label")} className="custom-field-list">
                {rows.map((field, index) => (
                  <Box key={field.id} role="listitem" style={index > 0 ? { borderTop: "1px solid var(--mantine-color-default-border)" } : undefined}>
                    <FieldRow
                      field={field}
                      inProject={inProject}
                      canDrag={canDrag && own.includes(field)}
                      hasHandles={canDrag}
                      onEdit={() => setEditing(field)}
                      onDelete={() => setDeleting(field)}
                    />
                  </Box>
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
        )}
      </Paper>
      {editing !== null && (
        <FieldFormModal key={editing === "new" ? "new" : editing.id} scope={scope} field={editing === "new" ? null : editing} opened onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t("custom_fields.delete_confirm")}
        message={t("custom_fields.delete_body", { title: deleting?.title ?? "" })}
        confirmLabel={t("custom_fields.delete_button")}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting || remove.isPending) return;
          remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
      />
    </Stack>
  );
}
