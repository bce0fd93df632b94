import { Alert, Badge, Button, Group, Modal, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconCheck, IconSettings } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * One integration's panel: its logos (in colour while it is on), its name and a line on what it does, a
 * switch saved at once, the notice of the last change (gone after 3 s), and Configure, which opens its
 * settings in a modal whose header has the same switch.
 */
export function IntegrationPanel({
  name,
  logos,
  summary,
  enabled,
  switching,
  notice,
  onToggle,
  children,
}: {
  name: string;
  /** Draws the logos: in colour when `active`, grey otherwise. */
  logos: (active: boolean) => ReactNode;
  summary: string;
  enabled: boolean;
  switching: boolean;
  notice: string | null;
  onToggle: (on: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const toggle = (
    <Switch
      checked={enabled}
      disabled={switching}
      onChange={(event) => onToggle(event.currentTarget.checked)}
      aria-label={t("integrations.switch_label", { name })}
      size="md"
    />
  );
  const noticeLine = notice && (
    <Alert color="green" variant="light" icon={<IconCheck size={16} />} py={6} role="status">
      {notice}
    </Alert>
  );

  return (
    <Paper withBorder radius="md" p="md" data-integration={name} data-active={enabled || undefined}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Group gap={4} wrap="nowrap" aria-hidden>
              {logos(enabled)}
            </Group>
            <Stack gap={2}>
              <Group gap="xs">
                <Title order={3} size="h5">
                  {name}
                </Title>
                <Badge size="sm" variant="light" color={enabled ? "green" : "gray"}>
                  {enabled ? t("integrations.enabled") : t("integrations.disabled")}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {summary}
              </Text>
            </Stack>
          </Group>
          {toggle}
        </Group>
        {!opened && noticeLine}
        <Group justify="flex-end">
          <Button variant="default" size="xs" leftSection={<IconSettings size={14} />} onClick={open}>
            {t("integrations.configure")}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={opened}
        onClose={close}
        size="lg"
        title={
          <Group gap="sm" wrap="nowrap">
            <Group gap={4} aria-hidden wrap="nowrap">
              {logos(enabled)}
            </Group>
            <Text fw={600}>{t("integrations.configure_title", { name })}</Text>
            {toggle}
          </Group>
        }
      >
        <Stack gap="md">
          {noticeLine}
          {children}
        </Stack>
      </Modal>
    </Paper>
  );
}
