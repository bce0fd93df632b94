import { Button } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { useDeleteLicense } from "../hooks/use-license.js";

/** Deactivate: asks 'License will delete permanently', then deletes the stored license. */
export function DeactivateLicenseButton({ size = "sm" }: { size?: "xs" | "sm" }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteLicense();
  return (
    <>
      <Button size={size} color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
        {t("license.deactivate")}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t("license.confirm_title")}
        message={t("license.confirm_message")}
        confirmLabel={t("license.deactivate")}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      />
    </>
  );
}
