import { Button, Group } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { IconArrowLeft, IconEyeOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { ApiError } from "../api/client.js";
import { EmptyState } from "./EmptyState.js";
import { ErrorState } from "./ErrorState.js";

/**
 * The way back, when the page knows a better one than the projects list: a place to go, or (in a dialog)
 * an action such as closing it, which then stands in for "Go back" too.
 */
export type BackTo = { to: string; label: string } | { onClick: () => void; label: string };

/**
 * True for the answers that mean "not for you to see here": unknown (404) or not allowed (403). The two
 * look the same on purpose, so that a page does not tell who may not see an item that it exists.
 */
export function isNotAvailable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403);
}

/**
 * The calm page for an item that does not exist or that one may not see: no alarm, since nothing broke,
 * and a way back: to the previous page when one came from inside the app, and to `backTo` (or the
 * projects list). The "Go back" button takes focus, so a keyboard user can leave at once.
 */
export function NotAvailable({ backTo }: { backTo?: BackTo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // React Router names the first page of a visit "default": there is no page of ours to go back to.
  const hasPrevious = useLocation().key !== "default";
  return (
    <EmptyState
      icon={<IconEyeOff />}
      title={t("not_available.title")}
      body={t("not_available.body")}
      action={
        <Group justify="center" gap="sm" mt="xs">
          {backTo && "onClick" in backTo ? (
            <Button variant="light" onClick={backTo.onClick} data-autofocus>
              {backTo.label}
            </Button>
          ) : (
            <>
              {hasPrevious && (
                <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(-1)}>
                  {t("not_available.back_previous")}
                </Button>
              )}
              <Button component={Link} to={backTo?.to ?? routePath("project_lists")} variant="light">
                {backTo?.label ?? t("not_available.back_projects")}
              </Button>
            </>
          )}
        </Group>
      }
    />
  );
}

/** A page's failure to load: the calm "not available" page for 404 and 403, else the error with a retry. */
export function PageErrorState({ error, onRetry, backTo }: { error: unknown; onRetry?: () => void; backTo?: BackTo }) {
  if (isNotAvailable(error)) return <NotAvailable backTo={backTo} />;
  return <ErrorState error={error} onRetry={onRetry} />;
}
