import { Anchor, Button, Group, Skeleton, Stack } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { IconArrowLeft, IconCash, IconDownload, IconEdit, IconMail, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { isNotAvailable, NotAvailable } from "../../../components/NotAvailable.js";
import { notifyError, notifySuccess } from "../../../lib/notify.js";
import { downloadInvoicePdf, useDeleteInvoice, useInvoice, useMailInvoice } from "../hooks/use-invoices.js";
import { InvoiceDocument } from "./InvoiceDocument.js";
import { RecordPaymentModal } from "./RecordPaymentModal.js";

/**
 * One invoice for a manager: the document, and the actions its abilities allow: Edit, Download PDF, Mail
 * to client ('E-mail send successfully'), Record a payment, and Delete after "Are you sure".
 */
export function InvoiceView({ projectId, invoiceId }: { projectId: number; invoiceId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useInvoice(projectId, invoiceId);
  const mail = useMailInvoice(projectId, invoiceId);
  const remove = useDeleteInvoice(projectId);
  const [isDeleting, setDeleting] = useState(false);
  const [isRecording, setRecording] = useState(false);
  const [isDownloading, setDownloading] = useState(false);
  const invoice = query.data;

  if (query.isPending) return <Skeleton height={420} radius="md" maw={1100} mx="auto" aria-label={t("common.loading")} />;
  if (isNotAvailable(query.error)) return <NotAvailable backTo={{ to: routePath("invoice", { project_id: projectId }), label: t("invoices.back_to_list") }} />;
  if (!invoice) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const download = () => {
    setDownloading(true);
    downloadInvoicePdf(invoice)
      .catch(notifyError)
      .finally(() => setDownloading(false));
  };
  const sendMail = () =>
    mail.mutate(undefined, {
      onSuccess: () => notifySuccess(t("invoices.mail_sent")),
      onError: notifyError,
    });
  const confirmDelete = () =>
    remove.mutate(invoice.id, {
      onSuccess: (answer) => {
        setDeleting(false);
        notifySuccess(answer.message || t("invoices.deleted"));
        void navigate(routePath("invoice", { project_id: projectId }), { replace: true });
      },
      onError: (error) => {
        setDeleting(false);
        notifyError(error);
      },
    });

  const abilities = invoice.abilities;
  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Anchor component={Link} to={routePath("invoice", { project_id: projectId })} size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowLeft size={14} aria-hidden />
            {t("invoices.back_to_list")}
          </Group>
        </Anchor>
        <Group gap="xs" wrap="wrap" role="toolbar" aria-label={t("invoices.actions.label")}>
          {abilities.can_edit && (
            <Button component={Link} to={routePath("invoice_edit", { project_id: projectId, invoice_id: invoice.id })} variant="default" size="sm" leftSection={<IconEdit size={16} />}>
              {t("invoices.actions.edit")}
            </Button>
          )}
          <Button variant="default" size="sm" leftSection={<IconDownload size={16} />} onClick={download} loading={isDownloading}>
            {t("invoices.actions.pdf")}
          </Button>
          {abilities.can_mail && (
            <Button variant="default" size="sm" leftSection={<IconMail size={16} />} onClick={sendMail} loading={mail.isPending}>
              {t("invoices.actions.mail")}
            </Button>
          )}
          {abilities.can_record_payment && invoice.totals.due_minor > 0 && (
            <Button size="sm" leftSection={<IconCash size={16} />} onClick={() => setRecording(true)}>
              {t("invoices.actions.record_payment")}
            </Button>
          )}
          {abilities.can_delete && (
            <Button variant="subtle" color="red" size="sm" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
              {t("invoices.actions.delete")}
            </Button>
          )}
        </Group>
      </Group>
      <InvoiceDocument invoice={invoice} />
      {isRecording && <RecordPaymentModal invoice={invoice} opened onClose={() => setRecording(false)} />}
      <ConfirmDialog
        opened={isDeleting}
        title={t("invoices.delete_title", { number: invoice.number })}
        message={t("invoices.delete_body")}
        confirmLabel={t("invoices.actions.delete")}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
