import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { CODE_HOSTING_USERNAME_MAX, type IntegrationUser, type UsersMap } from "@plotline/contracts";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { UserAvatar } from "../../../components/UserAvatar.js";
import { useSaveUsersMap } from "../hooks/use-integrations.js";

const SERVICES = ["github", "bitbucket"] as const;

/** The map's keys for every member and service, each with its saved username or "". */
function draftOf(users: readonly IntegrationUser[], usersMap: UsersMap): Record<string, string> {
  return Object.fromEntries(users.flatMap((user) => SERVICES.map((service) => [`${service}_${user.id}`, usersMap[`${service}_${user.id}`] ?? ""])));
}

/** Who is who on GitHub and Bitbucket: one row per project member, saved together ('User mapping completed'). */
export function UsersMapTable({ projectId, usersMap, users }: { projectId: number; usersMap: UsersMap; users: readonly IntegrationUser[] }) {
  const { t } = useTranslation();
  const save = useSaveUsersMap(projectId);
  const saved = useMemo(() => draftOf(users, usersMap), [users, usersMap]);
  const [draft, setDraft] = useState(saved);
  useEffect(() => setDraft(saved), [saved]);
  const changed = Object.fromEntries(Object.entries(draft).filter(([key, value]) => value.trim() !== (saved[key] ?? "")).map(([key, value]) => [key, value.trim()]));
  const dirty = Object.keys(changed).length > 0;

  return (
    <Stack gap="xs">
      <Stack gap={2}>
        <Title order={4} size="h6">
          {t("integrations.code.map_title")}
        </Title>
        <Text size="xs" c="dimmed">
          {t("integrations.code.map_intro")}
        </Text>
      </Stack>
      {users.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("integrations.code.map_empty")}
        </Text>
      ) : (
        <Paper withBorder radius="sm" style={{ overflow: "auto", maxHeight: 360 }}>
          <Table verticalSpacing={6} horizontalSpacing="sm" stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("integrations.code.map_user")}</Table.Th>
                <Table.Th>{t("integrations.code.map_github")}</Table.Th>
                <Table.Th>{t("integrations.code.map_bitbucket")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <UserAvatar user={user} size={24} />
                      <Text size="sm" truncate>
                        {user.display_name}
                      </Text>
                    </Group>
                  </Table.Td>
                  {SERVICES.map((service) => {
                    const key = `${service}_${user.id}`;
                    return (
                      <Table.Td key={service}>
                        <TextInput
                          size="xs"
                          value={draft[key] ?? ""}
                          maxLength={CODE_HOSTING_USERNAME_MAX}
                          onChange={(event) => {
                            const value = event.currentTarget.value;
                            setDraft((current) => ({ ...current, [key]: value }));
                          }}
                          aria-label={t(`integrations.code.map_${service}_label`, { name: user.display_name })}
                          autoComplete="off"
                          spellCheck={false}
                        />
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Group justify="flex-end">
        <Button
          size="sm"
          disabled={!dirty}
          loading={save.isPending}
          onClick={() => save.mutate(changed)}
        >
          {t("integrations.code.map_save")}
        </Button>
      </Group>
    </Stack>
  );
}
