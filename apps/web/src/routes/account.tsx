import { ActionIcon, Alert, Button, Card, Code, CopyButton, Group, Stack, Table, Text, TextInput, Title, Tooltip } from "@mantine/core";
import type { ApiToken } from "@plotline/contracts";
import { IconCheck, IconCopy, IconKey } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { ErrorState } from "../components/ErrorState.js";
import { LoadingScreen } from "../components/LoadingScreen.js";
import { UserAvatar } from "../components/UserAvatar.js";
import { useCurrentMe } from "../features/auth/hooks/use-session.js";
import { PreferencesCard } from "../features/preferences/components/PreferencesCard.js";
import { useCreateToken, useRevokeToken, useTokens } from "../features/users/hooks/use-users.js";
import { formatDateTime } from "../lib/dates.js";

/** The signed-in user's own page: who they are, their preferences, and their personal access tokens. */
export function AccountPage() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const tokens = useTokens();
  const createToken = useCreateToken();
  const revokeToken = useRevokeToken();
  const [name, setName] = useState("");
  const [secret, setSecret] = useState<string | null>(null);
  // The token asked about stays set while the dialog closes, so that its name does not change as it fades.
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [confirming, setConfirming] = useState(false);

  const create = (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    createToken.mutate(name.trim(), {
      onSuccess: (result) => {
        setSecret(result.data.token);
        setName("");
      },
    });
  };

  return (
    <Stack maw={760} mx="auto">
      <Title order={1} size="h2">
        {t("account.title")}
      </Title>
      <Card withBorder>
        <Group>
          <UserAvatar user={me.user} size={48} />
          <div>
            <Text fw={600}>{me.user.display_name}</Text>
            <Text size="sm" c="dimmed">
              {me.user.email}
            </Text>
          </div>
        </Group>
      </Card>
      <PreferencesCard />
      <Card withBorder>
        <Stack>
          <div>
            <Title order={2} size="h4">
              {t("account.tokens_title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("account.tokens_intro")}
            </Text>
          </div>
          <form onSubmit={create}>
            <Group align="flex-end">
              <TextInput label={t("account.token_name")} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} style={{ flex: 1 }} />
              <Button type="submit" leftSection={<IconKey size={16} />} loading={createToken.isPending} disabled={!name.trim()}>
                {t("account.create_token")}
              </Button>
            </Group>
          </form>
          {secret && (
            <Alert color="yellow" title={t("account.copy_now")} withCloseButton onClose={() => setSecret(null)}>
              <Group gap="xs" wrap="nowrap">
                <Code style={{ wordBreak: "break-all" }} data-testid="new-token">
                  {secret}
                </Code>
                <CopyButton value={secret}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t("common.copied") : t("common.copy")}>
                      <ActionIcon variant="subtle" onClick={copy} aria-label={t("common.copy")}>
                        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            </Alert>
          )}
          {tokens.isPending ? (
            <LoadingScreen />
          ) : tokens.error ? (
            <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />
          ) : tokens.data.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("account.no_tokens")}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("account.token_name")}</Table.Th>
                    <Table.Th>{t("account.created")}</Table.Th>
                    <Table.Th>{t("account.last_used")}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {tokens.data.data.map((token) => (
                    <Table.Tr key={token.id}>
                      <Table.Td>{token.name}</Table.Td>
                      <Table.Td>{formatDateTime(token.created_at)}</Table.Td>
                      <Table.Td>{token.last_used_at ? formatDateTime(token.last_used_at) : t("account.never")}</Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="xs"
                          color="red"
                          variant="subtle"
                          loading={revokeToken.isPending && revokeToken.variables === token.id}
                          onClick={() => {
                            setRevoking(token);
                            setConfirming(true);
                          }}
                        >
                          {t("account.revoke")}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Card>
      <ConfirmDialog
        opened={confirming}
        title={revoking?.name ?? ""}
        message={t("account.revoke_confirm")}
        confirmLabel={t("account.revoke")}
        loading={revokeToken.isPending}
        onConfirm={() => revoking && revokeToken.mutate(revoking.id, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
