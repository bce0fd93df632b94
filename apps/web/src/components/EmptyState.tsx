import { Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A friendly empty page or panel: an icon, a title, a sentence and an optional action. */
export function EmptyState({ icon, title, body, action }: { icon: ReactNode; title: string; body?: string; action?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={2} size="h4">
        {title}
      </Title>
      {body && (
        <Text c="dimmed" maw={420}>
          {body}
        </Text>
      )}
      {action}
    </Stack>
  );
}
