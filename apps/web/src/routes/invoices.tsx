import { Skeleton } from "@mantine/core";
import { DEFAULT_CURRENCY_CODE, routePath } from "@plotline/contracts";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { ErrorState } from "../components/ErrorState.js";
import { isNotAvailable, NotAvailable } from "../components/NotAvailable.js";
import { InvoiceEditor } from "../features/invoices/components/InvoiceEditor.js";
import { InvoiceListView } from "../features/invoices/components/InvoiceListView.js";
import { InvoiceSettingsView } from "../features/invoices/components/InvoiceSettingsView.js";
import { InvoiceView } from "../features/invoices/components/InvoiceView.js";
import { PortalInvoiceView } from "../features/invoices/components/PortalInvoiceView.js";
import { useInvoice, useInvoiceSettings, useInvoicesOn, useIsInvoiceManager } from "../features/invoices/hooks/use-invoices.js";
import { invoicesEn } from "../features/invoices/i18n/en.js";
import { useProject, useProjectId } from "../features/projects/hooks/use-projects.js";
import { isFrontEndPage } from "../features/site-settings/lib/front-end.js";
import { addCatalogue } from "../i18n/index.js";
import { NotFoundPage } from "./not-found.js";

// These pages bring their own strings (i18n/en.ts, CHUNK_CATALOGUES).
addCatalogue(invoicesEn);

/** The `:invoice_id` of the route, or NaN. */
function useInvoiceId(): number {
  const { invoice_id: raw } = useParams();
  return raw && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

/**
 * The project invoice pages' gate: gone while the module is off; for those who manage the project (the
 * site's manager capability, or the project's managers, as the server allows and the menu shows); anyone
 * else goes to the project's overview, as the documents ask.
 */
function ManagerGate({ children }: { children: ReactElement }) {
  const isOn = useInvoicesOn();
  const isManager = useIsInvoiceManager();
  const projectId = useProjectId();
  const project = useProject(projectId);
  if (!isOn) return <NotFoundPage />;
  if (isManager) return children;
  // The project's page shows its own error or absence; the gate waits for its abilities.
  if (!project.data) return null;
  if (!project.data.abilities.can_manage) return <Navigate to={routePath("pm_overview", { project_id: projectId })} replace />;
  return children;
}

/**
 * `invoices`: every invoice for a site manager in the admin area; on the front-end page, and for anyone
 * else, the client portal (the caller's own invoices as a client).
 */
export function InvoicesPage() {
  const isOn = useInvoicesOn();
  const isManager = useIsInvoiceManager();
  if (!isOn) return <NotFoundPage />;
  return <InvoiceListView mode={isManager && !isFrontEndPage() ? { kind: "site" } : { kind: "portal" }} />;
}

/** `invoice_settings`: site managers only; anyone else goes home. */
export function InvoiceSettingsPage() {
  const isOn = useInvoicesOn();
  const isManager = useIsInvoiceManager();
  if (!isOn) return <NotFoundPage />;
  if (!isManager) return <Navigate to="/" replace />;
  return <InvoiceSettingsView />;
}

/** `portal_invoice`: one invoice in the client portal, with its PDF and card payment. */
export function PortalInvoicePage() {
  const isOn = useInvoicesOn();
  const { project_id: rawProject } = useParams();
  const projectId = rawProject && /^\d+$/.test(rawProject) ? Number(rawProject) : Number.NaN;
  const invoiceId = useInvoiceId();
  if (!isOn || !(projectId > 0) || !(invoiceId > 0)) return <NotFoundPage />;
  return <PortalInvoiceView key={invoiceId} projectId={projectId} invoiceId={invoiceId} />;
}

/** `invoice`: the project's invoices. */
export function ProjectInvoicesPage() {
  const project = useProject(useProjectId());
  return <ManagerGate>{project.data ? <InvoiceListView mode={{ kind: "project", projectId: project.data.id, projectTitle: project.data.title }} /> : <></>}</ManagerGate>;
}

/** `single_invoice`: one invoice with its payments and actions. */
export function SingleInvoicePage() {
  const projectId = useProjectId();
  const invoiceId = useInvoiceId();
  return <ManagerGate>{invoiceId > 0 ? <InvoiceView key={invoiceId} projectId={projectId} invoiceId={invoiceId} /> : <NotFoundPage />}</ManagerGate>;
}

/** The editor once the project and the organisation's currency are in (and the invoice, to edit one). */
function EditorLoader({ invoiceId }: { invoiceId: number | null }) {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const project = useProject(projectId);
  const settings = useInvoiceSettings();
  const invoice = useInvoice(projectId, invoiceId ?? 0);
  if (invoiceId !== null && isNotAvailable(invoice.error)) return <NotAvailable backTo={{ to: routePath("invoice", { project_id: projectId }), label: t("invoices.back_to_list") }} />;
  const error = project.error ?? (invoiceId !== null ? invoice.error : null);
  if (error) return <ErrorState error={error} />;
  if (!project.data || settings.isPending || (invoiceId !== null && !invoice.data)) return <Skeleton height={520} radius="md" maw={1100} mx="auto" />;
  // A page reload keeps no half-typed invoice: a new key per invoice starts the form afresh.
  return <InvoiceEditor key={invoiceId ?? "new"} project={project.data} invoice={invoice.data ?? null} defaultCurrency={settings.data?.currency_code ?? DEFAULT_CURRENCY_CODE} />;
}

/** `invoice_new`: the editor of a new invoice. */
export function NewInvoicePage() {
  return (
    <ManagerGate>
      <EditorLoader invoiceId={null} />
    </ManagerGate>
  );
}

/** `invoice_edit`: the editor of an invoice. */
export function EditInvoicePage() {
  const invoiceId = useInvoiceId();
  return <ManagerGate>{invoiceId > 0 ? <EditorLoader invoiceId={invoiceId} /> : <NotFoundPage />}</ManagerGate>;
}
