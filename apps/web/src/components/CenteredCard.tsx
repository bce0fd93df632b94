import { Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconChartLine } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The frame of the sign-in and set-up screens: the brand above a card, centred at any width. */
export function CenteredCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md" bg="var(--plotline-color-page)">
      <Box w="100%" maw={420}>
        <Stack gap="lg">
          <Group gap="xs" justify="center">
            <ThemeIcon size="lg" radius="md" aria-hidden>
              <IconChartLine size={20} />
            </ThemeIcon>
            <Text fw={700} size="xl">
              {t("app.name")}
            </Text>
          </Group>
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <Stack gap="md">
              <Title order={1} size="h3">
                {title}
              </Title>
              {intro && (
                <Text c="dimmed" size="sm">
                  {intro}
                </Text>
              )}
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Box>
    </Center>
  );
}
