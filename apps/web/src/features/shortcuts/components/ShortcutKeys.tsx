import { Group, Kbd, Text } from "@mantine/core";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { currentPlatform, isApplePlatform, shortcutOf, stepLabels, type ShortcutId } from "../lib/shortcuts.js";

/** A shortcut's keys as key caps: `Ctrl` `K`, or `G` then `P`; `justify` places them in a wider cell. */
export function ShortcutKeys({ id, size = "sm", justify }: { id: ShortcutId; size?: "xs" | "sm"; justify?: "flex-end" }) {
  const { t } = useTranslation();
  const isApple = isApplePlatform(currentPlatform());
  const steps = shortcutOf(id).keys;
  return (
    <Group gap={4} wrap="nowrap" component="span" justify={justify}>
      {steps.map((step, index) => (
        <Fragment key={`${step}-${index}`}>
          {index > 0 && (
            <Text span size="xs" c="dimmed">
              {t("shortcuts.then")}
            </Text>
          )}
          {stepLabels(step, isApple).map((label) => (
            <Kbd key={label} size={size}>
              {label}
            </Kbd>
          ))}
        </Fragment>
      ))}
    </Group>
  );
}
