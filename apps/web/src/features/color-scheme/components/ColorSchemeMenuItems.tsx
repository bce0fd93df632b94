import { Menu, type MantineColorScheme } from "@mantine/core";
import { IconDeviceDesktop, IconMoon, IconSun } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { COLOR_SCHEME_CHOICES, useColorSchemeChoice } from "../hooks/use-color-scheme-choice.js";

const ICONS = { light: IconSun, dark: IconMoon, auto: IconDeviceDesktop } as const;

/**
 * The theme choice inside the user menu: light, dark or the system's, as radio items (a screen reader
 * says which one is on). The menu stays open on a choice, so the new look is seen before leaving.
 */
export function ColorSchemeMenuItems() {
  const { t } = useTranslation();
  const { choice, setChoice } = useColorSchemeChoice();
  return (
    <>
      <Menu.Label>{t("color_scheme.label")}</Menu.Label>
      <Menu.RadioGroup value={choice} onChange={(value) => setChoice(value as MantineColorScheme)}>
        {COLOR_SCHEME_CHOICES.map((value) => {
          const Icon = ICONS[value];
          return (
            <Menu.RadioItem key={value} value={value} rightSection={<Icon size={16} aria-hidden />} data-testid={`color-scheme-${value}`}>
              {t(`color_scheme.${value}`)}
            </Menu.RadioItem>
          );
        })}
      </Menu.RadioGroup>
      <Menu.Divider />
    </>
  );
}
