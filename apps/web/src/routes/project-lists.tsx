import { Stack, Title } from "@mantine/core";
import { IconLayoutKanban } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../components/EmptyState.js";

/** The projects list. Projects themselves arrive with the core module; until then it says so plainly. */
export function ProjectListsPage() {
  const { t } = useTranslation();
  return (
    <Stack maw={1100} mx="auto">
      <Title order={1} size="h2">
        {t("projects.title")}
      </Title>
      <EmptyState icon={<IconLayoutKanban />} title={t("projects.empty_title")} body={t("projects.empty_body")} />
    </Stack>
  );
}
