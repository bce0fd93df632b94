import { Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { CAPABILITY_GROUPS, CONFIGURABLE_ROLES, type Capability, type ProjectCapabilities } from "@plotline/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { useProjectSettings, useSaveProjectSettings } from "../hooks/use-project-settings.js";
import { capabilityGroupKey } from "../lib/capability-group-key.js";

function sameCapabilities(a: ProjectCapabilities, b: ProjectCapabilities): boolean {
  return CONFIGURABLE_ROLES.every((role) => CAPABILITY_GROUPS.every((group) => group.capabilities.every((cap) => a[role][cap] === b[role][cap])));
}

/**
 * The Capabilities tab: the ten capabilities per configurable role, in the documents' five groups, saved
 * together with one button. Managers hold every capability, so they have no column.
 */
export function CapabilitiesTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const settings = useProjectSettings(projectId);
  const save = useSaveProjectSettings(projectId);
  const saved = settings.data?.data.capabilities;
  const [draft, setDraft] = useState<ProjectCapabilities | null>(null);
  useEffect(() => {
    if (saved) setDraft(saved);
  }, [saved]);

  if (settings.isPending) return <LoadingScreen />;
  if (settings.error) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!draft || !saved) return <LoadingScreen />;

  const dirty = !sameCapabilities(draft, saved);
  const toggle = (role: (typeof CONFIGURABLE_ROLES)[number], capability: Capability, value: boolean) =>
    setDraft({ ...draft, [role]: { ...draft[role], [capability]: value } });

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t("project_settings.capabilities_title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("project_settings.capabilities_intro")}
        </Text>
      </Stack>
      <Paper withBorder radius="md" style={{ overflow: "hidden" }}>
        <Table verticalSpacing="xs" horizontalSpacing="md" striped={false} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("project_settings.capability")}</Table.Th>
              {CONFIGURABLE_ROLES.map((role) => (
                <Table.Th key={role} ta="center" w={140}>
                  {t(`project_settings.role_${role}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          {CAPABILITY_GROUPS.map((group) => (
            <Table.Tbody key={group.label}>
              <Table.Tr bg="var(--plotline-color-panel)">
                <Table.Th colSpan={1 + CONFIGURABLE_ROLES.length} scope="colgroup">
                  <Text size="sm" fw={700}>
                    {t(capabilityGroupKey(group.capabilities))}
                  </Text>
                </Table.Th>
              </Table.Tr>
              {group.capabilities.map((capability) => (
                <Table.Tr key={capability}>
                  <Table.Td>
                    <Text size="sm">{t(`project_settings.cap.${capability}`)}</Text>
                  </Table.Td>
                  {CONFIGURABLE_ROLES.map((role) => (
                    <Table.Td key={role}>
                      <Group justify="center">
                        <Checkbox
                          checked={draft[role][capability]}
                          onChange={(event) => toggle(role, capability, event.currentTarget.checked)}
                          aria-label={t("project_settings.toggle", { capability: t(`project_settings.cap.${capability}`), role: t(`project_settings.role_${role}`) })}
                        />
                      </Group>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          ))}
        </Table>
      </Paper>
      <Group justify="flex-end" gap="sm">
        {dirty && (
          <Text size="sm" c="dimmed" mr="auto">
            {t("project_settings.unsaved")}
          </Text>
        )}
        {dirty && (
          <Button variant="default" onClick={() => setDraft(saved)} disabled={save.isPending}>
            {t("project_settings.reset")}
          </Button>
        )}
        <Button
          loading={save.isPending}
          disabled={!dirty}
          onClick={() => {
            if (save.isPending) return;
            save.mutate({ settings: [{ key: "capabilities", value: draft }] });
          }}
        >
          {t("project_settings.save")}
        </Button>
      </Group>
    </Stack>
  );
}
