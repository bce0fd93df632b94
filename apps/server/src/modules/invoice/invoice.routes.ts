import {
  billTimeBody,
  COUNTRIES,
  countryListResponse,
  createInvoiceBody,
  CURRENCIES,
  currencyListResponse,
  invoiceListQuery,
  invoiceListResponse,
  invoiceResponse,
  invoiceSettingsBody,
  invoiceSettingsResponse,
  mailInvoiceBody,
  messageSchema,
  paymentValidationBody,
  paymentValidationResponse,
  recordPaymentBody,
  unbilledTimeResponse,
  updateInvoiceBody,
  userAddressBody,
  userAddressResponse,
  zDateString,
  zId,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { list } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";
import { contentDisposition } from "../files/files.download.js";

const tags = ["invoice"];
const projectParams = z.object({ project_id: zId });
const invoiceParams = z.object({ project_id: zId, id: zId });
const base = "/pm-pro/v2/projects/:project_id/invoice";

/** Invoices under `/api/pm-pro/v2/` (README.md): the card gateways add their own routes (gateways/). */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invoices, invoiceDocuments } = app.services;

  app.post(
    base,
    { schema: { tags, summary: "Create an invoice (project managers); its number is INV-<year>-<nnnn>, gap-free per year", params: projectParams, body: createInvoiceBody, response: { 200: invoiceResponse } } },
    async (request) => ({ data: await invoices.createInvoice(requireActor(request), request.params.project_id, request.body), message: "Invoice created successfully" }),
  );

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "A project's invoices: all for its managers, their own for a client; `per_page` defaults to 2",
        params: projectParams,
        querystring: invoiceListQuery,
        response: { 200: invoiceListResponse },
      },
    },
    async (request) => {
      const found = await invoices.listProjectInvoices(requireActor(request), request.params.project_id, request.query);
      return list(found.invoices, found.pagination, { client_addresses: found.clientAddresses });
    },
  );

  app.get(
    "/pm-pro/v2/invoices",
    {
      schema: {
        tags,
        summary: "Every invoice the caller may see (frontend=1: those billed to the caller, the client portal)",
        querystring: invoiceListQuery,
        response: { 200: invoiceListResponse },
      },
    },
    async (request) => {
      const found = await invoices.listAllInvoices(requireActor(request), request.query);
      return list(found.invoices, found.pagination, { client_addresses: found.clientAddresses });
    },
  );

  app.get(
    `${base}/unbilled-time`,
    {
      schema: {
        tags,
        summary: "The project's stopped time that no invoice billed yet, by task (managers)",
        params: projectParams,
        querystring: z.object({ until: zDateString.optional() }),
        response: { 200: unbilledTimeResponse },
      },
    },
    async (request) => ({ data: await invoices.unbilledTime(requireActor(request), request.params.project_id, request.query.until) }),
  );

  app.post(
    `${base}/from-time`,
    {
      schema: {
        tags,
        summary: "Bill tracked time: an invoice with one task line per task of the unbilled time, at `rate` per hour; the logs are marked billed",
        params: projectParams,
        body: billTimeBody,
        response: { 200: invoiceResponse },
      },
    },
    async (request) => ({ data: await invoices.billTrackedTime(requireActor(request), request.params.project_id, request.body), message: "Invoice created successfully" }),
  );

  app.get(
    `${base}/:id`,
    { schema: { tags, summary: "One invoice (managers, and its client)", params: invoiceParams, response: { 200: invoiceResponse } } },
    async (request) => ({ data: await invoices.getInvoice(requireActor(request), request.params.project_id, request.params.id) }),
  );

  app.post(
    `${base}/:id`,
    { schema: { tags, summary: "Update an invoice (managers): lines given replace their kind; totals follow", params: invoiceParams, body: updateInvoiceBody, response: { 200: invoiceResponse } } },
    async (request) => ({
      data: await invoices.updateInvoice(requireActor(request), request.params.project_id, request.params.id, request.body),
      message: "Invoice updated successfully",
    }),
  );

  app.delete(
    `${base}/:id`,
    { schema: { tags, summary: "Delete an invoice (managers); its billed time is unbilled again", params: invoiceParams, response: { 200: messageSchema } } },
    async (request) => {
      await invoices.deleteInvoice(requireActor(request), request.params.project_id, request.params.id);
      return { message: "Invoice deleted successfully" };
    },
  );

  app.post(
    `${base}/:id/mail/`,
    { schema: { tags, summary: "Mail the invoice with its PDF to the client (managers), through the job queue", params: invoiceParams, body: mailInvoiceBody.optional(), response: { 200: messageSchema } } },
    async (request) => {
      await invoiceDocuments.mailInvoice(requireActor(request), request.params.project_id, request.params.id, request.body ?? {});
      return { message: "E-mail send successfully" };
    },
  );

  app.get(
    `${base}/:id/pdf`,
    {
      schema: {
        tags,
        summary: "The invoice as a PDF (managers, and its client); a plain GET opened by navigation, like the report exports: `nonce` is accepted and not needed",
        params: invoiceParams,
        querystring: z.object({ nonce: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const file = await invoiceDocuments.invoicePdf(requireActor(request), request.params.project_id, request.params.id);
      return reply
        .header("Content-Type", "application/pdf")
        .header("Content-Disposition", contentDisposition("attachment", file.filename))
        .header("Cache-Control", "no-store")
        .send(file.body);
    },
  );

  app.post(
    `${base}/:id/payment`,
    { schema: { tags, summary: "Record a payment (managers): amount, date, method, note", params: invoiceParams, body: recordPaymentBody, response: { 200: invoiceResponse } } },
    async (request) => ({
      data: await invoices.recordManualPayment(requireActor(request), request.params.project_id, request.params.id, request.body),
      message: "Payment recorded successfully",
    }),
  );

  app.post(
    `${base}/:id/payment-validation`,
    {
      schema: {
        tags,
        summary: "Check an amount before a checkout: at most the due, at least the minimum partial (managers and the client)",
        params: invoiceParams,
        body: paymentValidationBody,
        response: { 200: paymentValidationResponse },
      },
    },
    async (request) => ({ data: await invoices.validatePayment(requireActor(request), request.params.project_id, request.params.id, request.body.amount) }),
  );

  app.get(
    "/pm-pro/v2/invoice/address",
    { schema: { tags, summary: "The organisation's address and payment settings (Stripe secrets only as whether they are set)", response: { 200: invoiceSettingsResponse } } },
    async (request) => {
      requireActor(request);
      return { data: await invoices.readSettings() };
    },
  );

  app.post(
    "/pm-pro/v2/invoice/address",
    { schema: { tags, summary: "Save the organisation's address and payment settings (site managers)", body: invoiceSettingsBody, response: { 200: invoiceSettingsResponse } } },
    async (request) => ({ data: await invoices.saveSettings(requireActor(request), request.body), message: "Settings saved successfully" }),
  );

  const userParams = z.object({ user_id: zId });

  app.get(
    "/pm-pro/v2/invoice/user-address/user/:user_id",
    { schema: { tags, summary: "A user's (client's) address: the user, site managers, managers of their projects", params: userParams, response: { 200: userAddressResponse } } },
    async (request) => ({ data: await invoices.readUserAddress(requireActor(request), request.params.user_id) }),
  );

  app.post(
    "/pm-pro/v2/invoice/user-address/user/:user_id",
    { schema: { tags, summary: "Save a user's address (the user, or site managers)", params: userParams, body: userAddressBody, response: { 200: userAddressResponse } } },
    async (request) => ({ data: await invoices.saveUserAddress(requireActor(request), request.params.user_id, request.body) }),
  );

  app.get(
    "/pm-pro/v2/invoice/currencies",
    { schema: { tags, summary: "The currencies: code, symbol, native symbol, name, decimal digits, rounding", response: { 200: currencyListResponse } } },
    async (request) => {
      requireActor(request);
      return { data: [...CURRENCIES] };
    },
  );

  app.get(
    "/pm-pro/v2/invoice/countries",
    { schema: { tags, summary: "The countries: name and ISO code", response: { 200: countryListResponse } } },
    async (request) => {
      requireActor(request);
      return { data: [...COUNTRIES] };
    },
  );
};
