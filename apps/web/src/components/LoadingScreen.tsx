import { Center, Loader } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A centred spinner for a page whose data is on its way. */
export function LoadingScreen({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center mih={fullPage ? "100dvh" : 240} role="status" aria-live="polite">
      {/* role img: a name on a bare span is not read (and axe refuses it). */}
      <Loader role="img" aria-label={t("common.loading")} />
    </Center>
  );
}
