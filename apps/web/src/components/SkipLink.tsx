import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The first stop of the keyboard: moves focus to the page's main content (`#main-content`). */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Anchor
      href="#main-content"
      className="skip-link"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById("main-content")?.focus();
      }}
    >
      {t("menu.skip_to_content")}
    </Anchor>
  );
}
