import { Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSiteSetting } from "../../site-settings/hooks/use-site-settings.js";
import { useDepartments } from "../hooks/use-departments.js";

/**
 * The project form's department select, shown only while the workforce-management integration is on
 * ('1'). "0" means none; the people of a newly chosen department join the project as co-workers.
 */
export function DepartmentField({ value, initial = "0", onChange, error }: {
  value: string;
  /** The project's saved department: choosing it again adds nobody, so no hint is shown for it. */
  initial?: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const integrationOn = useSiteSetting("hrm_integration", "0") === "1";
  const departments = useDepartments(integrationOn);
  if (!integrationOn) return null;
  const list = departments.data?.data ?? [];
  const chosen = list.find((department) => String(department.id) === value);
  const names = chosen?.users.map((user) => user.display_name) ?? [];
  return (
    <Select
      label={t("departments.field")}
      placeholder={t("departments.field_placeholder")}
      data={[{ value: "0", label: t("departments.field_none") }, ...list.map((department) => ({ value: String(department.id), label: department.title }))]}
      value={value}
      onChange={(next) => onChange(next ?? "0")}
      allowDeselect={false}
      searchable
      nothingFoundMessage={t("departments.empty")}
      comboboxProps={{ withinPortal: true }}
      description={chosen && value !== initial ? (names.length > 0 ? t("departments.field_adds", { names: names.join(", "), count: names.length }) : t("departments.field_adds_none")) : undefined}
      error={error}
    />
  );
}
