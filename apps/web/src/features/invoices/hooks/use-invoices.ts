import {
  checkoutResponse,
  checkoutReturnResponse,
  invoiceListResponse,
  invoiceResponse,
  invoiceSettingsResponse,
  messageSchema,
  paymentValidationResponse,
  unbilledTimeResponse,
  userAddressResponse,
  type BillTimeBody,
  type CheckoutBody,
  type CreateInvoiceBody,
  type Invoice,
  type InvoiceSettingsBody,
  type RecordPaymentBody,
  type UpdateInvoiceBody,
  type UserAddressBody,
} from "@plotline/contracts";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api, currentNonce } from "../../../api/client.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";

/** Paths of the invoice calls, under `/api/`. */
const projectInvoices = (projectId: number) => `pm-pro/v2/projects/${projectId}/invoice`;
const invoicePath = (projectId: number, invoiceId: number) => `${projectInvoices(projectId)}/${invoiceId}`;
const SETTINGS_PATH = "pm-pro/v2/invoice/address";

/** Invoices a page of a list shows. */
export const INVOICE_PAGE_SIZE = 20;

/**
 * Query keys of the invoice screens. Invoices span projects (the site list, the portal), so they sit
 * apart from the projects' keys: every change refreshes `all`.
 */
export const invoiceKeys = {
  all: ["invoices"] as const,
  list: (params: object) => ["invoices", "list", params] as const,
  one: (projectId: number, invoiceId: number) => ["invoices", "one", projectId, invoiceId] as const,
  settings: ["invoices", "settings"] as const,
  unbilled: (projectId: number) => ["invoices", "unbilled", projectId] as const,
  address: (userId: number) => ["invoices", "address", userId] as const,
};

/** Whether the modules list has invoices on: the pages and the menu entries are gone while it is off. */
export function useInvoicesOn(): boolean {
  return useCurrentMe().active_modules.includes("invoice");
}

/** Whether the signed-in user holds the manager capability, which the invoice screens need. */
export function useIsInvoiceManager(): boolean {
  return useCurrentMe().capabilities.manage_pm;
}

/** What a list shows: a status (0, 1, 3) or all; one project's or the site's; the portal's own only. */
export interface InvoiceListParams {
  projectId: number | null;
  status: 0 | 1 | 3 | null;
  page: number;
  /** The client portal: only the caller's own invoices, as their client. */
  frontend?: boolean;
}

/** A page of invoices with its pagination and the clients' addresses. */
export function useInvoiceList(params: InvoiceListParams) {
  const query = { page: params.page, per_page: INVOICE_PAGE_SIZE, status: params.status ?? undefined, frontend: params.frontend ? 1 : undefined };
  return useQuery({
    queryKey: invoiceKeys.list({ ...query, project: params.projectId }),
    queryFn: ({ signal }) => api.get(params.projectId ? projectInvoices(params.projectId) : "pm-pro/v2/invoices", { schema: invoiceListResponse, query, signal }),
    placeholderData: keepPreviousData,
  });
}

function invoiceOptions(projectId: number, invoiceId: number) {
  return queryOptions({
    queryKey: invoiceKeys.one(projectId, invoiceId),
    queryFn: async ({ signal }) => (await api.get(invoicePath(projectId, invoiceId), { schema: invoiceResponse, signal })).data,
    enabled: projectId > 0 && invoiceId > 0,
  });
}

/** One invoice with its lines, totals, payments and the caller's abilities. */
export function useInvoice(projectId: number, invoiceId: number) {
  return useQuery(invoiceOptions(projectId, invoiceId));
}

/** Stores a fresh invoice and refreshes every list. */
function useStoreInvoice() {
  const queryClient = useQueryClient();
  return (invoice: Invoice | null) => {
    if (invoice) queryClient.setQueryData(invoiceKeys.one(invoice.project_id, invoice.id), invoice);
    return queryClient.invalidateQueries({ queryKey: invoiceKeys.all, refetchType: "active" });
  };
}

/** Creates an invoice; with `rate` given, from the project's uninvoiced time ("Bill tracked time"). */
export function useCreateInvoice(projectId: number) {
  const store = useStoreInvoice();
  return useMutation({
    mutationFn: (body: CreateInvoiceBody | BillTimeBody) =>
      api.post("rate" in body ? `${projectInvoices(projectId)}/from-time` : projectInvoices(projectId), { schema: invoiceResponse, body }),
    onSuccess: (answer) => store(answer.data),
  });
}

/** Saves an invoice's changes (lines given replace the lines of their kind). */
export function useUpdateInvoice(projectId: number, invoiceId: number) {
  const store = useStoreInvoice();
  return useMutation({
    mutationFn: (body: UpdateInvoiceBody) => api.post(invoicePath(projectId, invoiceId), { schema: invoiceResponse, body }),
    onSuccess: (answer) => store(answer.data),
  });
}

/** Deletes an invoice (after "Are you sure"); its billed time is free again. */
export function useDeleteInvoice(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: number) => api.delete(invoicePath(projectId, invoiceId), { schema: messageSchema }),
    onSuccess: (_answer, invoiceId) => {
      queryClient.removeQueries({ queryKey: invoiceKeys.one(projectId, invoiceId) });
      return queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
}

/** Mails the invoice with its PDF to its client. */
export function useMailInvoice(projectId: number, invoiceId: number) {
  return useMutation({
    mutationFn: () => api.post(`${invoicePath(projectId, invoiceId)}/mail/`, { schema: messageSchema.partial(), body: {} }),
  });
}

/** A manager records a payment (cash, bank transfer ...); the totals and status follow. */
export function useRecordPayment(projectId: number, invoiceId: number) {
  const store = useStoreInvoice();
  return useMutation({
    mutationFn: (body: RecordPaymentBody) => api.post(`${invoicePath(projectId, invoiceId)}/payment`, { schema: invoiceResponse, body }),
    onSuccess: (answer) => store(answer.data),
  });
}

/** The project's tasks with time not yet on an invoice, for "Bill tracked time". */
export function useUnbilledTime(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: invoiceKeys.unbilled(projectId),
    queryFn: async ({ signal }) => (await api.get(`${projectInvoices(projectId)}/unbilled-time`, { schema: unbilledTimeResponse, signal })).data,
    enabled: enabled && projectId > 0,
  });
}

/** The organisation's address and payment settings (secrets only as set or not). */
export function useInvoiceSettings() {
  return useQuery({
    queryKey: invoiceKeys.settings,
    queryFn: async ({ signal }) => (await api.get(SETTINGS_PATH, { schema: invoiceSettingsResponse, signal })).data,
    staleTime: 60_000,
  });
}

/** Saves the organisation's settings; what is left out stays as it was. */
export function useSaveInvoiceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceSettingsBody) => api.post(SETTINGS_PATH, { schema: invoiceSettingsResponse, body }),
    onSuccess: (answer) => queryClient.setQueryData(invoiceKeys.settings, answer.data),
  });
}

/** A user's (client's) postal address, printed under "Bill to". */
export function useUserAddress(userId: number) {
  return useQuery({
    queryKey: invoiceKeys.address(userId),
    queryFn: async ({ signal }) => (await api.get(`pm-pro/v2/invoice/user-address/user/${userId}`, { schema: userAddressResponse, signal })).data,
    enabled: userId > 0,
    staleTime: 60_000,
  });
}

/** Saves a user's address: the user themself, or a site manager. */
export function useSaveUserAddress(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserAddressBody) => api.post(`pm-pro/v2/invoice/user-address/user/${userId}`, { schema: userAddressResponse, body }),
    onSuccess: (answer) => queryClient.setQueryData(invoiceKeys.address(userId), answer.data),
  });
}

/** Checks an amount against the due and the minimum partial before a checkout; refusals are 400s. */
export function usePaymentValidation(projectId: number, invoiceId: number) {
  return useMutation({
    mutationFn: (amount: string) => api.post(`${invoicePath(projectId, invoiceId)}/payment-validation`, { schema: paymentValidationResponse, body: { amount } }),
  });
}

/** Starts a card checkout: answers the gateway's page to send the browser to. */
export function useCheckout(projectId: number, invoiceId: number) {
  return useMutation({
    mutationFn: (body: CheckoutBody) => api.post(`${invoicePath(projectId, invoiceId)}/checkout`, { schema: checkoutResponse, body }),
  });
}

/** Back from Stripe: the session's state, fulfilled once if the webhook has not done it yet. */
export function useCheckoutReturn(projectId: number, invoiceId: number, sessionId: string | null) {
  const store = useStoreInvoice();
  return useQuery({
    queryKey: ["invoices", "checkout-return", projectId, invoiceId, sessionId],
    queryFn: async ({ signal }) => {
      const answer = await api.get(`${invoicePath(projectId, invoiceId)}/checkout/return`, { schema: checkoutReturnResponse, query: { session_id: sessionId }, signal });
      await store(answer.data.invoice);
      return answer.data;
    },
    enabled: sessionId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The PDF's address. */
export function invoicePdfPath(projectId: number, invoiceId: number): string {
  return `/api/${invoicePath(projectId, invoiceId)}/pdf`;
}

/**
 * Downloads the invoice's PDF under its number: fetched with the session's nonce (the call asks for it),
 * then handed to the browser as a file.
 */
export async function downloadInvoicePdf(invoice: Pick<Invoice, "project_id" | "id" | "number">): Promise<void> {
  const nonce = currentNonce();
  const response = await fetch(invoicePdfPath(invoice.project_id, invoice.id), {
    credentials: "same-origin",
    headers: nonce ? { "x-pm-nonce": nonce } : {},
  });
  if (!response.ok) {
    const body = z.object({ message: z.string() }).safeParse(await response.json().catch(() => null));
    throw new Error(body.success ? body.data.message : `The server answered ${response.status}.`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = `${invoice.number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click returns; the address is freed a little later for slow ones.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
