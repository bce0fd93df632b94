import { useTranslation } from "react-i18next";
import { SearchBox } from "./SearchBox.js";

/**
 * The projects list's box: its panel finds projects and their tasks, lists, messages, milestones, comments
 * and docs. It leaves the project cards below alone, so that looking for a task never empties the page.
 */
export function GlobalSearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <SearchBox
      scope={{ kind: "global" }}
      value={value}
      onChange={onChange}
      label={t("search.global_label")}
      placeholder={t("search.global_placeholder")}
      emptyText={t("search.empty_global")}
      w={{ base: "100%", sm: 280 }}
      panelWidth={440}
    />
  );
}
