import { Anchor, Button, Group, Paper, Stack } from "@mantine/core";
import { routePath, type RouteName } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "../../../i18n/keys.js";
import { Link, Outlet, useLocation } from "react-router";
import { ErrorState } from "../../../components/ErrorState.js";
import { isNotAvailable, NotAvailable } from "../../../components/NotAvailable.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { useRememberRecent } from "../../command-palette/hooks/use-recent-items.js";
import { useProject, useProjectId } from "../hooks/use-projects.js";
import { projectMenu } from "../lib/project-menu.js";
import { ProjectHeader } from "./ProjectHeader.js";
import { ProjectSearchBox } from "../../search/components/ProjectSearchBox.js";

/**
 * The frame of every page under /projects/:project_id: the header and the project menu above the page
 * (an <Outlet/>). Pages read the project with `useProject(useProjectId())`, answered from this cache.
 */
export function ProjectLayout({ pages }: { pages: ReadonlySet<RouteName> }) {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const projectId = useProjectId();
  const project = useProject(projectId);
  const location = useLocation();
  const shown = project.data;
  useRememberRecent(shown ? { type: "project", id: shown.id, projectId: shown.id, title: shown.title } : null);

  if (project.isPending && Number.isInteger(projectId)) return <LoadingScreen />;
  // An unknown project, or one the user is not a member of, is simply not available to them.
  if (!Number.isInteger(projectId) || isNotAvailable(project.error)) return <NotAvailable />;
  if (project.error) {
    return (
      <Stack maw={1100} mx="auto" gap="sm">
        <ErrorState error={project.error} onRetry={() => void project.refetch()} />
        <Anchor component={Link} to={routePath("project_lists")} w="fit-content">
          {t("common.back_home")}
        </Anchor>
      </Stack>
    );
  }
  if (!project.data) return <LoadingScreen />;

  const entries = projectMenu(me, project.data, pages);
  return (
    <Stack maw={1100} mx="auto" gap="md">
      <Stack gap="xs">
        <ProjectHeader project={project.data} />
        <ProjectSearchBox projectId={projectId} hiddenFrom="sm" />
        <Paper withBorder radius="md" p={4} component="nav" aria-label={t("projects.menu")}>
          <Group gap={4} wrap="wrap">
            {entries.map((entry) => {
              const path = routePath(entry.route, { project_id: projectId });
              const active = location.pathname === path || location.pathname.startsWith(`${path}/`);
              return (
                <Button
                  key={entry.route}
                  component={Link}
                  to={path}
                  size="sm"
                  variant={active ? "light" : "subtle"}
                  color={active ? "blue" : "gray"}
                  aria-current={active ? "page" : undefined}
                  style={{ flexShrink: 0 }}
                >
                  {t(entry.label as TranslationKey)}
                </Button>
              );
            })}
          </Group>
        </Paper>
      </Stack>
      <Outlet />
    </Stack>
  );
}
