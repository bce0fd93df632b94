import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import { invoiceBody, invoicePath } from "./invoice.fixtures.js";
import type { Invoice } from "@plotline/contracts";

let t: TestApp;
let cast: Cast;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Numbers" })).id;
});
afterAll(() => t.close());

describe("invoice numbers", () => {
  it("gives 50 invoices created at the same time 50 distinct gap-free numbers", async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => cast.manager.inject({ method: "POST", url: invoicePath(projectId), payload: invoiceBody(cast.client.userId, { title: `Concurrent ${i}` }) })),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const numbers = responses.map((response) => (response.json() as { data: Invoice }).data.number);
    const year = Number(numbers[0]?.slice(4, 8));
    expect(new Set(numbers).size).toBe(50);
    expect([...numbers].sort()).toEqual(Array.from({ length: 50 }, (_, i) => `INV-${year}-${String(i + 1).padStart(4, "0")}`));
  });

  it("gives no number to an invoice that was refused", async () => {
    const refused = await cast.manager.inject({ method: "POST", url: invoicePath(projectId), payload: invoiceBody(cast.client.userId, { discount: 200 }) });
    expect(refused.statusCode).toBe(400);
    const next = await cast.manager.inject({ method: "POST", url: invoicePath(projectId), payload: invoiceBody(cast.client.userId) });
    expect((next.json() as { data: Invoice }).data.number).toMatch(/-0051$/);
  });

  it("rolls the number back with a transaction that fails after taking it", async () => {
    const before = await t.database.db.selectFrom("invoice_number_counters").selectAll().execute();
    // Bill tracked time takes a number, then finds no time and fails with 422: the number is given back.
    const failed = await cast.manager.inject({ method: "POST", url: invoicePath(projectId, undefined, "/from-time"), payload: invoiceBody(cast.client.userId, { rate: 10 }) });
    expect(failed.statusCode).toBe(422);
    expect(await t.database.db.selectFrom("invoice_number_counters").selectAll().execute()).toEqual(before);
  });
});
