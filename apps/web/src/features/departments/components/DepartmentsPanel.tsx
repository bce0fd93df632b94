import { Alert, Avatar, Button, Group, Table, Text, Title, Tooltip } from "@mantine/core";
import type { Department } from "@plotline/contracts";
import { IconInfoCircle, IconPlus, IconUsersGroup } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { RowActions } from "../../../components/RowActions.js";
import { UserAvatar } from "../../../components/UserAvatar.js";
import { useDeleteDepartment, useDepartments } from "../hooks/use-departments.js";
import { DepartmentFormModal } from "./DepartmentFormModal.js";

const MAX_AVATARS = 5;

/** Site managers' list of departments with their people: add, edit, delete. */
export function DepartmentsPanel({ integrationOn }: { integrationOn: boolean }) {
  const { t } = useTranslation();
  const departments = useDepartments();
  const remove = useDeleteDepartment();
  const [editing, setEditing] = useState<Department | "new" | null>(null);
  const [deleting, setDeleting] = useState<Department | null>(null);

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
        <div>
          <Title order={2} size="h4" id="departments-title">
            {t("departments.title")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("departments.intro")}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} style={{ flexShrink: 0 }}>
          {t("departments.add")}
        </Button>
      </Group>
      {!integrationOn && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} mb="md">
          {t("departments.off_notice")}
        </Alert>
      )}
      {departments.isPending ? (
        <LoadingScreen />
      ) : departments.error ? (
        <ErrorState error={departments.error} onRetry={() => void departments.refetch()} />
      ) : departments.data.data.length === 0 ? (
        <EmptyState icon={<IconUsersGroup />} title={t("departments.empty")} body={t("departments.empty_hint")} />
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("departments.name")}</Table.Th>
                <Table.Th>{t("departments.people")}</Table.Th>
                <Table.Th w={90} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {departments.data.data.map((department) => (
                <Table.Tr key={department.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {department.title}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {department.users_count === 0 ? (
                      <Text size="sm" c="dimmed">
                        {t("departments.no_people")}
                      </Text>
                    ) : (
                      <Group gap="xs" wrap="nowrap">
                        <Tooltip label={department.users.map((user) => user.display_name).join(", ")} withArrow multiline maw={320}>
                          <Avatar.Group spacing={6}>
                            {department.users.slice(0, MAX_AVATARS).map((user) => (
                              <UserAvatar key={user.id} user={user} size={26} />
                            ))}
                            {department.users_count > MAX_AVATARS && (
                              <Avatar size={26} radius="xl">
                                +{department.users_count - MAX_AVATARS}
                              </Avatar>
                            )}
                          </Avatar.Group>
                        </Tooltip>
                        <Text size="sm" c="dimmed">
                          {t("departments.people_count", { count: department.users_count })}
                        </Text>
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      editLabel={t("departments.edit", { title: department.title })}
                      deleteLabel={t("departments.delete", { title: department.title })}
                      onEdit={() => setEditing(department)}
                      onDelete={() => setDeleting(department)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing !== null && (
        <DepartmentFormModal key={editing === "new" ? "new" : editing.id} department={editing === "new" ? null : editing} opened onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t("departments.delete_title")}
        message={deleting ? t("departments.delete_body", { title: deleting.title }) : ""}
        confirmLabel={t("departments.delete_confirm")}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </>
  );
}
