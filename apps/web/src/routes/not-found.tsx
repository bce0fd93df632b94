import { Button } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { IconMapOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../components/EmptyState.js";

/** Any path the route table does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<IconMapOff />}
      title={t("common.not_found")}
      action={
        <Button component={Link} to={routePath("project_lists")} variant="light">
          {t("common.back_home")}
        </Button>
      }
    />
  );
}
