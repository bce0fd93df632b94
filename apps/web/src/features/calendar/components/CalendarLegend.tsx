import { Box, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { EVENT_COLORS, LEGEND } from "../lib/event-style.js";

/** What the colours mean: Incomplete Task, Complete Task, Outstanding Task, Milestone. */
export function CalendarLegend() {
  const { t } = useTranslation();
  return (
    <Group gap="md" component="ul" aria-label={t("calendar.legend.label")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {LEGEND.map((entry) => (
        <Group key={entry.state} component="li" gap={6} wrap="nowrap">
          <Box
            aria-hidden
            w={14}
            h={14}
            style={{
              borderRadius: 3,
              background: EVENT_COLORS[entry.state].background,
              border: entry.state === "finished" ? "1px solid var(--mantine-color-orange-4)" : undefined,
            }}
          />
          <Text size="sm">{t(entry.label)}</Text>
        </Group>
      ))}
    </Group>
  );
}
