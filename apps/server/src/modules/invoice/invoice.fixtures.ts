import type { Invoice, InvoiceList } from "@plotline/contracts";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Session } from "../../../test/helpers.js";

/** The API path of a project's invoices, or of one invoice and its sub-paths. */
export function invoicePath(projectId: number, invoiceId?: number, rest = ""): string {
  return `/api/pm-pro/v2/projects/${projectId}/invoice${invoiceId === undefined ? "" : `/${invoiceId}`}${rest}`;
}

/** A valid create body billed to `clientId`: one task line (50.00 x 2.5 h, 10% tax) and one name line (19.99 x 3). */
export function invoiceBody(clientId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: "Website work",
    client_id: clientId,
    start_at: "2026-11-01",
    due_date: "2026-11-30",
    discount: 5,
    entryTasks: [{ task: "Design", amount: 50, hour: 2.5, tax: 10 }],
    entryNames: [{ name: "Hosting", amount: 19.99, quantity: 3, tax: 0 }],
    ...overrides,
  };
}

/** Creates an invoice that must succeed. */
export async function createInvoice(as: Session, projectId: number, body: Record<string, unknown>): Promise<Invoice> {
  const response = await as.inject({ method: "POST", url: invoicePath(projectId), payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Invoice }).data;
}

/** The data of a list answer. */
export function listOf(response: LightMyRequestResponse): InvoiceList {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as InvoiceList;
}
