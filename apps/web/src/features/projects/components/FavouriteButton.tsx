import { ActionIcon, Tooltip } from "@mantine/core";
import type { Project } from "@plotline/contracts";
import { IconStar, IconStarFilled } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useToggleFavourite } from "../hooks/use-projects.js";

/** The star that adds a project to the caller's favourites or takes it out. */
export function FavouriteButton({ project, size = "lg" }: { project: Pick<Project, "id" | "title" | "favourite">; size?: "md" | "lg" }) {
  const { t } = useTranslation();
  const toggle = useToggleFavourite();
  const label = project.favourite ? t("projects.favourite_remove", { title: project.title }) : t("projects.favourite_add", { title: project.title });
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon
        variant="subtle"
        color={project.favourite ? "yellow" : "gray"}
        size={size}
        aria-label={label}
        aria-pressed={project.favourite}
        loading={toggle.isPending}
        onClick={() => toggle.mutate({ id: project.id, favourite: !project.favourite })}
      >
        {project.favourite ? <IconStarFilled size={18} /> : <IconStar size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
