import { Badge, Button, Card, Group, Pagination, SimpleGrid, Stack, Tabs, Title, VisuallyHidden } from "@mantine/core";
import type { Project } from "@plotline/contracts";
import { IconLayoutKanban, IconPlus, IconStar } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { useDeleteProject, useProjects, type ProjectTab } from "../hooks/use-projects.js";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { GlobalSearchBox } from "../../search/components/GlobalSearchBox.js";
import { ProjectCard } from "./ProjectCard.js";
import { ProjectFormModal } from "./ProjectFormModal.js";

const TABS: ReadonlyArray<{ value: ProjectTab; meta: "total_incomplete" | "total_complete" | "total_pending" | "total_archived" | "total_favourite" }> = [
  { value: "incomplete", meta: "total_incomplete" },
  { value: "complete", meta: "total_complete" },
  { value: "pending", meta: "total_pending" },
  { value: "archived", meta: "total_archived" },
  { value: "favourite", meta: "total_favourite" },
];

const PER_PAGE = 12;

/**
 * The projects list: tabs by status with their totals, the global search box, cards and pagination. The
 * box's text does not filter the cards: its panel lists the projects it finds along with everything else.
 */
export function ProjectsBrowser() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const [tab, setTab] = useState<ProjectTab>("incomplete");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Project | "new" | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const projects = useProjects({ status: tab, title: "", page, perPage: PER_PAGE });
  const remove = useDeleteProject();
  const meta = projects.data?.meta;

  const newButton = me.capabilities.create_project && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
      {t("projects.new")}
    </Button>
  );

  let body;
  if (projects.isPending) body = <LoadingScreen />;
  else if (projects.error) body = <ErrorState error={projects.error} onRetry={() => void projects.refetch()} />;
  else if (projects.data.data.length === 0) {
    body = (
      <Card withBorder radius="md">
        {tab === "favourite" ? (
          <EmptyState icon={<IconStar />} title={t("projects.empty_tab.favourite")} body={t("projects.empty_favourite_body")} />
        ) : meta && meta.total_incomplete + meta.total_complete + meta.total_pending + meta.total_archived === 0 ? (
          <EmptyState icon={<IconLayoutKanban />} title={t("projects.empty_title")} body={t("projects.empty_body")} action={newButton || undefined} />
        ) : (
          <EmptyState icon={<IconLayoutKanban />} title={t(`projects.empty_tab.${tab}`)} />
        )}
      </Card>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" style={{ opacity: projects.isPlaceholderData ? 0.6 : 1 }}>
        {projects.data.data.map((project) => (
          <ProjectCard key={project.id} project={project} onEdit={setEditing} onDelete={setDeleting} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack maw={1100} mx="auto">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t("projects.title")}
        </Title>
        {newButton}
      </Group>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Tabs
          value={tab}
          onChange={(value) => {
            if (!value) return;
            setTab(value as ProjectTab);
            setPage(1);
          }}
          style={{ overflowX: "auto", maxWidth: "100%" }}
        >
          <Tabs.List aria-label={t("projects.tabs_label")} style={{ flexWrap: "nowrap" }}>
            {TABS.map((entry) => (
              <Tabs.Tab
                key={entry.value}
                value={entry.value}
                style={{ whiteSpace: "nowrap", flexShrink: 0 }}
                rightSection={
                  meta ? (
                    <Badge size="sm" variant="light" color={tab === entry.value ? "blue" : "gray"} miw={20} style={{ flexShrink: 0, overflow: "visible" }} aria-hidden>
                      {meta[entry.meta]}
                    </Badge>
                  ) : null
                }
              >
                {t(`projects.tabs.${entry.value}`)}
                {meta && <VisuallyHidden>{` (${meta[entry.meta]})`}</VisuallyHidden>}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <GlobalSearchBox value={search} onChange={setSearch} />
      </Group>
      {body}
      {projects.data && projects.data.meta.pagination.total_pages > 1 && (
        <Group justify="center">
          <Pagination total={projects.data.meta.pagination.total_pages} value={page} onChange={setPage} />
        </Group>
      )}
      {editing !== null && (
        <ProjectFormModal key={editing === "new" ? "new" : editing.id} project={editing === "new" ? null : editing} opened onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t("projects.delete_title")}
        message={t("projects.delete_confirm", { title: deleting?.title ?? "" })}
        confirmLabel={t("projects.delete")}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </Stack>
  );
}
