import { ActionIcon, Group, Select, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { ROLE, type RoleName, type User } from "@plotline/contracts";
import { IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { UserAvatar } from "../../../components/UserAvatar.js";
import { useUsers } from "../../users/hooks/use-users.js";

/** A member as the form holds it: the user shown, and the role chosen. */
export interface MemberDraft {
  user: Pick<User, "id" | "display_name" | "avatar_url">;
  role: RoleName;
}

const ROLE_NAMES: readonly RoleName[] = ["manager", "co_worker", "client"];

/**
 * The form's list of members, each with its role in plain sight, and a search to add more from the site's
 * users. A new member starts as a co-worker, except someone who is a client in another project: they start
 * as a client, since a co-worker sees private items.
 */
export function MembersField({
  value,
  onChange,
  lockedUserId,
  error,
}: {
  value: readonly MemberDraft[];
  onChange: (members: MemberDraft[]) => void;
  /** A member shown but not editable (the creator of a new project, who becomes its manager). */
  lockedUserId?: number;
  error?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  // Who was added as a client because of another project, to say why next to their role.
  const [clientsElsewhere, setClientsElsewhere] = useState<ReadonlySet<number>>(() => new Set());
  const [query] = useDebouncedValue(search.trim(), 300);
  const users = useUsers(query, 1, 20);
  const chosen = new Set(value.map((member) => member.user.id));
  const options = (users.data?.data ?? []).filter((user) => !chosen.has(user.id)).map((user) => ({ value: String(user.id), label: user.display_name }));
  const roleOptions = ROLE_NAMES.map((role) => ({ value: role, label: t(`projects.roles.${role}`) }));

  const add = (id: string | null) => {
    const user = users.data?.data.find((candidate) => String(candidate.id) === id);
    if (!user) return;
    onChange([...value, { user, role: user.is_client ? "client" : "co_worker" }]);
    if (user.is_client) setClientsElsewhere((current) => new Set(current).add(user.id));
    setSearch("");
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t("projects.form.members")}
      </Text>
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("projects.form.no_members")}
        </Text>
      )}
      {value.map((member) => {
        const locked = member.user.id === lockedUserId;
        return (
          <Group key={member.user.id} gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
              <UserAvatar user={member.user} size={28} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" truncate>
                  {member.user.display_name}
                  {locked && ` (${t("projects.form.you")})`}
                </Text>
                {clientsElsewhere.has(member.user.id) && member.role === "client" && (
                  <Text size="xs" c="dimmed" truncate>
                    {t("projects.form.client_elsewhere")}
                  </Text>
                )}
              </Stack>
            </Group>
            <Select
              size="xs"
              w={130}
              data={roleOptions}
              value={member.role}
              allowDeselect={false}
              disabled={locked}
              aria-label={t("projects.form.role", { name: member.user.display_name })}
              onChange={(role) => {
                if (!role) return;
                onChange(value.map((entry) => (entry.user.id === member.user.id ? { ...entry, role: role as RoleName } : entry)));
              }}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={locked}
              aria-label={t("projects.form.remove_member", { name: member.user.display_name })}
              onClick={() => onChange(value.filter((entry) => entry.user.id !== member.user.id))}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Select
        aria-label={t("projects.form.add_member")}
        placeholder={t("projects.form.add_member_placeholder")}
        searchable
        clearable
        data={options}
        value={null}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={add}
        nothingFoundMessage={users.isFetching ? t("common.loading") : t("projects.form.no_users")}
        filter={({ options: all }) => all}
        error={error}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}

/** Role ids as the API takes them. */
export function roleId(role: RoleName): number {
  return ROLE[role];
}
