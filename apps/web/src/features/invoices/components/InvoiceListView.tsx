import { Anchor, Button, Card, Group, Pagination, SegmentedControl, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { routePath, type Invoice } from "@plotline/contracts";
import { IconFileInvoice, IconPlus, IconSettings } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { formatDate } from "../../../lib/dates.js";
import { useInvoiceList, useIsInvoiceManager } from "../hooks/use-invoices.js";
import { formatAmount } from "../lib/money.js";
import { pageOf, statusOf, STATUS_FILTERS } from "../lib/list-params.js";
import { InvoiceStatusBadge } from "./InvoiceBits.js";
import "./invoices.css";

/** Which list: every invoice (site managers), one project's, or the caller's own (the client portal). */
export type InvoiceListMode = { kind: "site" } | { kind: "project"; projectId: number; projectTitle: string } | { kind: "portal" };

/** Where a row opens: the manager's view, or the portal's. */
function invoiceLink(invoice: Invoice, mode: InvoiceListMode): string {
  const params = { project_id: invoice.project_id, invoice_id: invoice.id };
  return mode.kind === "portal" ? routePath("portal_invoice", params) : routePath("single_invoice", params);
}

/** Rows standing in for the list while it loads. */
function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" aria-busy="true" aria-label={t("common.loading")}>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * A list of invoices with the status filter (All, Incomplete, Partial, Complete; `?status=`) and pages
 * (`?page=`): number, title, client, project, dates, status and the total, paid and due in each invoice's
 * own currency. On a phone each row is a card.
 */
export function InvoiceListView({ mode }: { mode: InvoiceListMode }) {
  const { t, i18n } = useTranslation();
  const isSiteManager = useIsInvoiceManager();
  const [search, setSearch] = useSearchParams();
  const status = statusOf(search.get("status"));
  const page = pageOf(search.get("page"));
  const list = useInvoiceList({ projectId: mode.kind === "project" ? mode.projectId : null, status, page, frontend: mode.kind === "portal" });
  const invoices = list.data?.data ?? [];
  const pagination = list.data?.meta.pagination;
  const totalPages = pagination ? Math.max(1, Math.ceil(pagination.total / Math.max(1, pagination.per_page))) : 1;
  const money = (minor: number, currency: string) => formatAmount(minor, currency, i18n.language);

  const setFilter = (value: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value === "all") next.delete("status");
      else next.set("status", value);
      next.delete("page");
      return next;
    });
  const setPage = (value: number) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value <= 1) next.delete("page");
      else next.set("page", String(value));
      return next;
    });

  const title = mode.kind === "portal" ? t("invoices.portal_title") : mode.kind === "project" ? t("invoices.project_title", { project: mode.projectTitle }) : t("invoices.title");
  const subtitle = mode.kind === "portal" ? t("invoices.portal_subtitle") : t("invoices.subtitle");
  const showProject = mode.kind !== "project";

  const empty = () => {
    if (status !== null) return <EmptyState icon={<IconFileInvoice />} title={t("invoices.empty_filtered")} body={t("invoices.empty_filtered_body")} />;
    if (mode.kind === "portal") return <EmptyState icon={<IconFileInvoice />} title={t("invoices.empty_portal")} body={t("invoices.empty_portal_body")} />;
    if (mode.kind === "site") return <EmptyState icon={<IconFileInvoice />} title={t("invoices.empty")} body={t("invoices.empty_site_body")} />;
    return (
      <EmptyState
        icon={<IconFileInvoice />}
        title={t("invoices.empty")}
        body={t("invoices.empty_body")}
        action={
          <Button component={Link} to={routePath("invoice_new", { project_id: mode.projectId })} leftSection={<IconPlus size={16} />}>
            {t("invoices.new_invoice")}
          </Button>
        }
      />
    );
  };

  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        </div>
        {mode.kind !== "portal" && (
          <Group gap="xs">
            {isSiteManager && (
              <Button component={Link} to={routePath("invoice_settings")} variant="default" leftSection={<IconSettings size={16} />}>
                {t("invoices.settings")}
              </Button>
            )}
            {mode.kind === "project" && (
              <Button component={Link} to={routePath("invoice_new", { project_id: mode.projectId })} leftSection={<IconPlus size={16} />}>
                {t("invoices.new_invoice")}
              </Button>
            )}
          </Group>
        )}
      </Group>
      <SegmentedControl
        value={status === null ? "all" : String(status)}
        onChange={setFilter}
        aria-label={t("invoices.status_filter")}
        data={STATUS_FILTERS.map((value) => ({ value, label: t(`invoices.status.${value}`) }))}
        style={{ alignSelf: "flex-start" }}
      />
      {list.isPending ? (
        <ListSkeleton />
      ) : list.error && invoices.length === 0 ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : invoices.length === 0 ? (
        <Card withBorder radius="md">{empty()}</Card>
      ) : (
        <Card withBorder radius="md" padding="sm">
          <Table className="invoice-table" highlightOnHover verticalSpacing="sm" aria-label={t("invoices.list_label")} data-testid="invoice-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("invoices.columns.number")}</Table.Th>
                <Table.Th>{t("invoices.columns.title")}</Table.Th>
                {mode.kind !== "portal" && <Table.Th>{t("invoices.columns.client")}</Table.Th>}
                {showProject && <Table.Th>{t("invoices.columns.project")}</Table.Th>}
                <Table.Th>{t("invoices.columns.due_date")}</Table.Th>
                <Table.Th>{t("invoices.columns.status")}</Table.Th>
                <Table.Th className="invoice-num">{t("invoices.columns.total")}</Table.Th>
                <Table.Th className="invoice-num">{t("invoices.columns.due")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.map((invoice) => (
                <Table.Tr key={invoice.id} data-testid={`invoice-row-${invoice.id}`}>
                  <Table.Td data-label="">
                    <Anchor component={Link} to={invoiceLink(invoice, mode)} fw={600} aria-label={t("invoices.open", { number: invoice.number })}>
                      {invoice.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td data-label={t("invoices.columns.title")}>{invoice.title}</Table.Td>
                  {mode.kind !== "portal" && <Table.Td data-label={t("invoices.columns.client")}>{invoice.client.data.display_name}</Table.Td>}
                  {showProject && <Table.Td data-label={t("invoices.columns.project")}>{invoice.project_title}</Table.Td>}
                  <Table.Td data-label={t("invoices.columns.due_date")}>{invoice.due_date ? formatDate(invoice.due_date) : "—"}</Table.Td>
                  <Table.Td data-label={t("invoices.columns.status")}>
                    <InvoiceStatusBadge status={invoice.status} />
                  </Table.Td>
                  <Table.Td className="invoice-num invoice-money" data-label={t("invoices.columns.total")} fw={600}>
                    {money(invoice.totals.total_minor, invoice.currency)}
                  </Table.Td>
                  <Table.Td className="invoice-num invoice-money" data-label={t("invoices.columns.due")}>
                    {money(invoice.totals.due_minor, invoice.currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      {totalPages > 1 && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t("invoices.page_totals", { count: pagination?.total ?? 0 })}
          </Text>
          <Pagination total={totalPages} value={page} onChange={setPage} size="sm" getControlProps={(control) => ({ "aria-label": control === "previous" ? t("common.previous") : control === "next" ? t("common.next") : undefined })} />
        </Group>
      )}
    </Stack>
  );
}
