import { Card, Group, Image, Switch, Text } from "@mantine/core";
import type { ModuleListItem } from "@plotline/contracts";
import { useTranslation } from "react-i18next";

/** One module: thumbnail, name with its on/off switch, and description. */
export function ModuleCard({
  module,
  busy,
  disabled,
  onToggle,
}: {
  module: ModuleListItem;
  /** This card's switch is being saved. */
  busy: boolean;
  /** Another switch is being saved. */
  disabled: boolean;
  onToggle: (module: ModuleListItem, active: boolean) => void;
}) {
  const { t } = useTranslation();
  const state = busy ? t("module_lists.saving") : module.active ? t("module_lists.on") : t("module_lists.off");
  return (
    <Card withBorder radius="md" padding="md" data-testid={`module-${module.key}`} component="article" aria-labelledby={`module-${module.key}-name`}>
      <Card.Section>
        <Image
          src={module.thumbnail}
          alt={t("module_lists.thumbnail_alt", { name: module.name })}
          h={112}
          fit="cover"
          style={{ filter: module.active ? undefined : "grayscale(1)", opacity: module.active ? 1 : 0.5, transition: "opacity 150ms, filter 150ms" }}
        />
      </Card.Section>
      <Group justify="space-between" mt="md" wrap="nowrap" align="center" gap="sm">
        <Text fw={600} id={`module-${module.key}-name`} truncate c={module.active ? undefined : "dimmed"}>
          {module.name}
        </Text>
        <Switch
          checked={module.active}
          disabled={disabled || busy}
          onChange={(event) => onToggle(module, event.currentTarget.checked)}
          label={state}
          labelPosition="left"
          // The name holds the visible word (On, Off), so a person who says what they see reaches the switch.
          aria-label={t("module_lists.switch_name", { name: module.name, state })}
          // Teal 9: green shades light enough to read as green stay under 4.5:1 on white.
          styles={{ label: { color: module.active ? "var(--plotline-color-success)" : "var(--mantine-color-dimmed)", fontWeight: 600 } }}
          style={{ flexShrink: 0 }}
        />
      </Group>
      <Text size="sm" c="dimmed" mt={6}>
        {module.description}
      </Text>
    </Card>
  );
}
