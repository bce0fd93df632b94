import { Group, Stack, Text, ThemeIcon } from "@mantine/core";
import {
  IconBriefcase,
  IconCheckbox,
  IconDeviceDesktop,
  IconKeyboard,
  IconListCheck,
  IconLogout,
  IconMoon,
  IconPlus,
  IconArrowRight,
  IconCalendarDue,
  IconCircleCheck,
  IconUserPlus,
  type Icon,
} from "@tabler/icons-react";
import { SearchResultItem } from "../../search/components/SearchResultItem.js";
import { ShortcutKeys } from "../../shortcuts/components/ShortcutKeys.js";
import type { PaletteEntry, PaletteIcon } from "../lib/palette-entries.js";

const ICONS: Record<PaletteIcon, Icon> = {
  project: IconBriefcase,
  task_list: IconListCheck,
  task: IconCheckbox,
  page: IconArrowRight,
  new: IconPlus,
  theme: IconMoon,
  keyboard: IconKeyboard,
  sign_out: IconLogout,
  complete: IconCircleCheck,
  assign: IconUserPlus,
  due_date: IconCalendarDue,
};

/** What one line of the palette shows: a search result as the search boxes show it, else icon, label, hint. */
export function PaletteOptionContent({ entry }: { entry: PaletteEntry }) {
  if (entry.target.kind === "result") return <SearchResultItem result={entry.target.result} showProject />;
  const Icon = entry.icon === "theme" && entry.key === "action:follow_system_theme" ? IconDeviceDesktop : ICONS[entry.icon];
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon variant="light" color={entry.icon === "project" ? "grape" : entry.group === "actions" ? "teal" : "blue"} size="md" radius="md" aria-hidden style={{ flexShrink: 0 }}>
        <Icon size={16} />
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={500} lineClamp={1} style={{ overflowWrap: "anywhere" }}>
          {entry.label}
        </Text>
        {entry.description && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {entry.description}
          </Text>
        )}
      </Stack>
      {entry.shortcut && (
        <Group visibleFrom="xs" style={{ flexShrink: 0 }}>
          <ShortcutKeys id={entry.shortcut} size="xs" />
        </Group>
      )}
    </Group>
  );
}
