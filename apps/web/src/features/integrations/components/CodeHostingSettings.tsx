import { ActionIcon, Button, CopyButton, Divider, Group, PasswordInput, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { GitBitIntegration, IntegrationUser, UsersMap } from "@plotline/contracts";
import { IconCheck, IconCopy, IconRefresh } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { notifySuccess } from "../../../lib/notify.js";
import { useRegenerateAddress, useSaveCodeHostingSetting } from "../hooks/use-integrations.js";
import { UsersMapTable } from "./UsersMapTable.js";

/** The address as GitHub must call it: the server gives a path when the site's public address is not set. */
function absoluteAddress(url: string): string {
  return url.startsWith("/") ? `${window.location.origin}${url}` : url;
}

/**
 * The code-hosting integration's settings: the incoming address to copy into GitHub or Bitbucket (and a
 * way to make a new one), the optional secret deliveries are signed with, and who is who on those sites.
 */
export function CodeHostingSettings({
  projectId,
  setting,
  usersMap,
  users,
  onNotice,
}: {
  projectId: number;
  setting: GitBitIntegration;
  usersMap: UsersMap;
  users: readonly IntegrationUser[];
  onNotice: (message: string) => void;
}) {
  const { t } = useTranslation();
  const regenerate = useRegenerateAddress(projectId);
  const saveSetting = useSaveCodeHostingSetting(projectId);
  const [confirming, { open: confirm, close: closeConfirm }] = useDisclosure(false);
  const [secret, setSecret] = useState("");
  const [secretError, setSecretError] = useState<string | null>(null);
  const address = setting.webhook_url ? absoluteAddress(setting.webhook_url) : null;

  const saveSecret = (value: string) =>
    saveSetting.mutate(
      { status: setting.status, secret: value },
      {
        onSuccess: () => {
          setSecret("");
          setSecretError(null);
          onNotice(value === "" ? t("integrations.code.secret_cleared") : t("integrations.code.secret_saved"));
        },
        onError: (error) => {
          const message = error instanceof Error ? error.message : String(error);
          setSecretError(message);
        },
      },
    );

  return (
    <Stack gap="md">
      {address ? (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t("integrations.code.address")}
            description={t("integrations.code.address_hint")}
            value={address}
            readOnly
            style={{ flex: 1 }}
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 12 } }}
          />
          <CopyButton value={address}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t("integrations.code.copied") : t("integrations.code.copy")}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t("integrations.code.copy")}
                  onClick={() => {
                    copy();
                    notifySuccess(t("integrations.code.copied"));
                  }}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
          <Tooltip label={t("integrations.code.regenerate")}>
            <ActionIcon variant="default" size="lg" aria-label={t("integrations.code.regenerate")} onClick={confirm}>
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t("integrations.code.no_address")}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t("integrations.code.commits_hint")}
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (secret.trim() !== "") saveSecret(secret.trim());
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <PasswordInput
            label={t("integrations.code.secret")}
            description={setting.has_secret ? t("integrations.code.secret_set") : t("integrations.code.secret_hint")}
            value={secret}
            onChange={(event) => setSecret(event.currentTarget.value)}
            error={secretError}
            autoComplete="new-password"
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default" loading={saveSetting.isPending} disabled={secret.trim() === ""}>
            {t("integrations.code.secret_save")}
          </Button>
          {setting.has_secret && (
            <Button variant="subtle" color="red" onClick={() => saveSecret("")} disabled={saveSetting.isPending}>
              {t("integrations.code.secret_clear")}
            </Button>
          )}
        </Group>
      </form>
      <Divider />
      <UsersMapTable projectId={projectId} usersMap={usersMap} users={users} />
      <ConfirmDialog
        opened={confirming}
        title={t("integrations.code.regenerate_title")}
        message={t("integrations.code.regenerate_body")}
        confirmLabel={t("integrations.code.regenerate_confirm")}
        loading={regenerate.isPending}
        onClose={closeConfirm}
        onConfirm={() =>
          regenerate.mutate(undefined, { onSuccess: closeConfirm })
        }
      />
    </Stack>
  );
}
