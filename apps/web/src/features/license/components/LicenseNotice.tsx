import { Anchor, Group, Text } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { IconKey } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLicense } from "../hooks/use-license.js";

/**
 * A quiet line for site managers while no license is active. The license locks nothing, so this only
 * points to the License page; it shows nothing while loading, on failure or when a license is active.
 */
export function LicenseNotice() {
  const { t } = useTranslation();
  const license = useLicense();
  if (!license.data || license.data.status.activated) return null;
  return (
    <Group gap={6} px="sm" py={6} wrap="nowrap" data-testid="license-notice">
      <IconKey size={14} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text size="xs" c="dimmed">
        {t("license.notice")} ·{" "}
        {/* Underlined, as a link inside a line of text must be told apart by more than its colour. */}
        <Anchor component={Link} to={routePath("license")} size="xs" underline="always">
          {t("license.notice_link")}
        </Anchor>
      </Text>
    </Group>
  );
}
