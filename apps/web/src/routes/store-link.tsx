import { Navigate } from "react-router";
import { IconPlugOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../components/EmptyState.js";
import { useCurrentMe } from "../features/auth/hooks/use-session.js";
import { SetPasswordForm } from "../features/store-link/components/SetPasswordForm.js";
import { StoreLinkPanel } from "../features/store-link/components/StoreLinkPanel.js";
import { storeLinkEn } from "../features/store-link/i18n/en.js";
import { addCatalogue } from "../i18n/index.js";

// These pages bring their own strings (i18n/en.ts, CHUNK_CATALOGUES).
addCatalogue(storeLinkEn);

/** `store_link`: the WooCommerce shop, its product -> project links and recent orders; site managers only. */
export function StoreLinkPage() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  if (!me.capabilities.manage_pm) return <Navigate to="/" replace />;
  if (!me.active_modules.includes("store_link")) {
    return <EmptyState icon={<IconPlugOff size={28} />} title={t("store_link.unavailable_title")} body={t("store_link.unavailable_body")} />;
  }
  return <StoreLinkPanel />;
}

/** `set_password`: a buyer's first password, from the link mailed when an order made their account. No sign-in. */
export function SetPasswordPage() {
  return <SetPasswordForm />;
}
