import { ActionIcon, Button, Group, Text, Tooltip } from "@mantine/core";
import { IconKeyboard, IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ShortcutKeys } from "../../shortcuts/components/ShortcutKeys.js";
import { useShortcutText } from "../../shortcuts/hooks/use-shortcuts.js";
import { useCommandCenter } from "./CommandCenter.js";

/**
 * The header's way into the palette (a search-like button with its shortcut on wide screens, an icon on
 * phones) and into the shortcut sheet; each tooltip names its keys.
 */
export function HeaderCommandButtons() {
  const { t } = useTranslation();
  const { openPalette, openShortcuts } = useCommandCenter();
  const paletteKeys = useShortcutText("palette");
  const helpKeys = useShortcutText("help");
  const paletteLabel = t("palette.open");
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={t("shortcuts.with_keys", { label: paletteLabel, keys: paletteKeys })} withArrow openDelay={400}>
        <Button
          variant="default"
          visibleFrom="sm"
          onClick={openPalette}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={<ShortcutKeys id="palette" size="xs" />}
          aria-keyshortcuts="Control+K Meta+K"
          w={280}
          justify="space-between"
          styles={{ label: { flex: 1 } }}
          data-testid="open-palette"
        >
          <Text span size="sm" c="dimmed">
            {t("palette.button")}
          </Text>
        </Button>
      </Tooltip>
      <Tooltip label={t("shortcuts.with_keys", { label: paletteLabel, keys: paletteKeys })} withArrow>
        <ActionIcon variant="default" size="lg" hiddenFrom="sm" onClick={openPalette} aria-label={paletteLabel} aria-keyshortcuts="Control+K Meta+K">
          <IconSearch size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("shortcuts.with_keys", { label: t("shortcuts.show"), keys: helpKeys })} withArrow>
        <ActionIcon variant="subtle" color="gray" size="lg" onClick={openShortcuts} aria-label={t("shortcuts.show")} aria-keyshortcuts="?" visibleFrom="xs" data-testid="open-shortcuts">
          <IconKeyboard size={20} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
