import { Badge, Button, Card, Group, Pagination, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { User } from "@plotline/contracts";
import { IconPlus, IconSearch, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { EmptyState } from "../components/EmptyState.js";
import { ErrorState } from "../components/ErrorState.js";
import { LoadingScreen } from "../components/LoadingScreen.js";
import { UserAvatar } from "../components/UserAvatar.js";
import { useCurrentMe } from "../features/auth/hooks/use-session.js";
import { UserFormModal } from "../features/users/components/UserFormModal.js";
import { useUsers } from "../features/users/hooks/use-users.js";

/** Site managers' list of people: search, add, edit. */
export function UsersPage() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<User | "new" | null>(null);
  const users = useUsers(query, page);

  if (!me.capabilities.manage_pm) return <Navigate to="/" replace />;

  return (
    <Stack maw={960} mx="auto">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t("users.title")}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
          {t("users.add")}
        </Button>
      </Group>
      <TextInput
        aria-label={t("users.search")}
        placeholder={t("users.search")}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <Card withBorder padding={0}>
        {users.isPending ? (
          <LoadingScreen />
        ) : users.error ? (
          <ErrorState error={users.error} onRetry={() => void users.refetch()} />
        ) : users.data.data.length === 0 ? (
          <EmptyState icon={<IconUsers />} title={t("users.empty")} />
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("users.name")}</Table.Th>
                  <Table.Th>{t("users.email")}</Table.Th>
                  <Table.Th>{t("users.role")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.data.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <UserAvatar user={user} size={28} />
                        <Text size="sm" fw={500}>
                          {user.display_name}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{user.email}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={user.manage_pm ? "blue" : "gray"}>
                        {user.manage_pm ? t("users.manager") : t("users.member")}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button size="xs" variant="subtle" onClick={() => setEditing(user)} aria-label={`${t("users.edit")} ${user.display_name}`}>
                        {t("users.edit")}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {users.data && users.data.meta.pagination.total_pages > 1 && (
        <Group justify="center">
          <Pagination total={users.data.meta.pagination.total_pages} value={page} onChange={setPage} />
        </Group>
      )}
      {editing !== null && (
        <UserFormModal key={editing === "new" ? "new" : editing.id} user={editing === "new" ? null : editing} opened onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
