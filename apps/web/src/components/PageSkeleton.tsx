import { Box, Group, Skeleton, Stack, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * What a page shows while its code is on its way: the shape most pages have (a header bar with its
 * action, then rows), so the screen does not jump when the page arrives.
 */
export function PageSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" data-testid="page-skeleton">
      <VisuallyHidden>{t("common.loading")}</VisuallyHidden>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Skeleton height={28} width="35%" radius="sm" />
          <Skeleton height={32} width={110} radius="sm" />
        </Group>
        <Skeleton height={12} width="55%" radius="sm" />
        <Stack gap="xs" mt="sm">
          {Array.from({ length: rows }, (_, index) => (
            <Skeleton key={index} height={40} radius="sm" />
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
