import { Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ModuleListItem } from "@plotline/contracts";
import { IconPuzzle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { useModuleLists, useUpdateModule } from "../hooks/use-module-lists.js";
import { ModuleCard } from "./ModuleCard.js";

/** The modules list: a card per Pro module, each with its switch. */
export function ModuleList() {
  const { t } = useTranslation();
  const modules = useModuleLists();
  const update = useUpdateModule();
  // After a successful switch the page reloads, so the switches stay locked until then.
  const saving = update.isPending || update.isSuccess;

  const toggle = (module: ModuleListItem, active: boolean) => {
    if (saving) return;
    update.mutate({ module: module.key, type: active ? "activate" : "deactivate" });
  };

  let body;
  if (modules.isPending) body = <LoadingScreen />;
  else if (modules.error) body = <ErrorState error={modules.error} onRetry={() => void modules.refetch()} />;
  else if (modules.data.data.length === 0) {
    body = (
      <Card withBorder radius="md">
        <EmptyState icon={<IconPuzzle />} title={t("module_lists.title")} />
      </Card>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
        {modules.data.data.map((module) => (
          <ModuleCard
            key={module.key}
            module={module}
            busy={saving && update.variables?.module === module.key}
            disabled={saving}
            onToggle={toggle}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack maw={1280} mx="auto" gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t("module_lists.title")}
        </Title>
        <Text c="dimmed" maw={720}>
          {t("module_lists.intro")}
        </Text>
      </Stack>
      {body}
    </Stack>
  );
}
