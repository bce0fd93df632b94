import { Box, type MantineBreakpoint } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SearchBox } from "./SearchBox.js";

/**
 * The project header's box: everything in this project, from the third character. The header shows it
 * beside the title from `sm` up; on phones the layout shows it full width under the title instead.
 */
export function ProjectSearchBox({ projectId, visibleFrom, hiddenFrom }: { projectId: number; visibleFrom?: MantineBreakpoint; hiddenFrom?: MantineBreakpoint }) {
  const { t } = useTranslation();
  const [value, setValue] = useState("");
  return (
    <Box visibleFrom={visibleFrom} hiddenFrom={hiddenFrom} w={hiddenFrom ? "100%" : undefined}>
      <SearchBox
        scope={{ kind: "project", projectId }}
        value={value}
        onChange={setValue}
        label={t("search.project_label")}
        placeholder={t("search.project_placeholder")}
        emptyText={t("search.empty_project")}
        w={hiddenFrom ? "100%" : 240}
        panelWidth={hiddenFrom ? undefined : 400}
      />
    </Box>
  );
}
