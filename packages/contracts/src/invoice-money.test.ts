import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURRENCIES, findCurrency } from "./currencies.js";
import { COUNTRIES, isCountryCode } from "./countries.js";
import {
  checkPaymentAmount,
  computeInvoiceTotals,
  divideRounded,
  formatCurrency,
  formatMoney,
  invoiceStatusOf,
  lineTotalMinor,
  MAX_MONEY_MINOR,
  minorToMajor,
  parseMoney,
  parsePercent,
  parseQuantity,
  percentOfMinor,
} from "./invoice-money.js";
import { createInvoiceBody, formatInvoiceNumber, previewInvoiceTotals, readNameLines, readTaskLines, type FieldProblem } from "./invoices.js";

const DIGITS = [...new Set(CURRENCIES.map((currency) => currency.decimal_digits))].sort();

const moneyLine = fc.record({
  amountMinor: fc.integer({ min: 0, max: 10_000_000_000 }),
  quantityMilli: fc.integer({ min: 0, max: 10_000_000 }),
  taxMilli: fc.integer({ min: 0, max: 100_000 }),
});

describe("currencies and countries", () => {
  it("lists ISO currencies with their minor-unit digits, 0 for JPY and KRW, 3 for BHD and KWD", () => {
    expect(findCurrency("usd")).toMatchObject({ code: "USD", symbol: "$", decimal_digits: 2 });
    expect(findCurrency("JPY")?.decimal_digits).toBe(0);
    expect(findCurrency("KRW")?.decimal_digits).toBe(0);
    expect(findCurrency("BHD")?.decimal_digits).toBe(3);
    expect(findCurrency("KWD")?.decimal_digits).toBe(3);
    expect(findCurrency("XYZ")).toBeNull();
    expect(DIGITS).toEqual([0, 2, 3]);
    expect(new Set(CURRENCIES.map((currency) => currency.code)).size).toBe(CURRENCIES.length);
  });

  it("lists countries with their ISO codes", () => {
    expect(COUNTRIES.find((country) => country.code === "DE")?.name).toBe("Germany");
    expect(isCountryCode("US")).toBe(true);
    expect(isCountryCode("ZZ")).toBe(false);
    expect(COUNTRIES.length).toBeGreaterThan(240);
  });
});

describe("parsing and formatting money", () => {
  it("reads major units exactly by the currency's digits", () => {
    expect(parseMoney(12.5, 2)).toEqual({ ok: true, value: 1250 });
    expect(parseMoney("0.1", 2)).toEqual({ ok: true, value: 10 });
    expect(parseMoney(0.29, 2)).toEqual({ ok: true, value: 29 });
    expect(parseMoney("1.230", 2)).toEqual({ ok: true, value: 123 });
    expect(parseMoney(1500, 0)).toEqual({ ok: true, value: 1500 });
    expect(parseMoney("1.5", 0)).toEqual({ ok: false, error: "too_many_decimals" });
    expect(parseMoney(1.2345, 3)).toEqual({ ok: false, error: "too_many_decimals" });
    expect(parseMoney(1.234, 3)).toEqual({ ok: true, value: 1234 });
    expect(parseMoney(1e-7, 2)).toEqual({ ok: false, error: "too_many_decimals" });
    expect(parseMoney("-1", 2)).toEqual({ ok: false, error: "negative" });
    expect(parseMoney("abc", 2)).toEqual({ ok: false, error: "not_a_number" });
    expect(parseMoney("1e3", 2)).toEqual({ ok: false, error: "not_a_number" });
    expect(parseMoney(Number.NaN, 2)).toEqual({ ok: false, error: "not_a_number" });
    expect(parseMoney(MAX_MONEY_MINOR, 2)).toEqual({ ok: false, error: "too_large" });
    expect(parseQuantity("2.25")).toEqual({ ok: true, value: 2250 });
    expect(parsePercent(101)).toEqual({ ok: false, error: "too_large" });
  });

  it("formats minor units back", () => {
    expect(formatMoney(1250, 2)).toBe("12.50");
    expect(formatMoney(5, 3)).toBe("0.005");
    expect(formatMoney(-5, 2)).toBe("-0.05");
    expect(formatMoney(1500, 0)).toBe("1500");
    expect(minorToMajor(1250, 2)).toBe(12.5);
    expect(formatCurrency(123456789, "$", 2)).toBe("$1,234,567.89");
    expect(formatCurrency(1234, "BHD", 3)).toBe("BHD 1.234");
  });

  it("round-trips minor -> text -> minor and minor -> number -> minor for every currency's digits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_MONEY_MINOR / 1000 }), fc.constantFrom(...DIGITS), (minor, digits) => {
        expect(parseMoney(formatMoney(minor, digits), digits)).toEqual({ ok: true, value: minor });
        expect(parseMoney(minorToMajor(minor, digits), digits)).toEqual({ ok: true, value: minor });
      }),
    );
  });
});

describe("rounding", () => {
  it("rounds half away from zero", () => {
    expect(divideRounded(5n, 10n)).toBe(1n);
    expect(divideRounded(-5n, 10n)).toBe(-1n);
    expect(divideRounded(4n, 10n)).toBe(0n);
    expect(divideRounded(15n, 10n)).toBe(2n);
    expect(lineTotalMinor(333, 1500)).toBe(500); // 3.33 x 1.5 = 4.995 -> 5.00
    expect(percentOfMinor(1005, 10_000)).toBe(101); // 10% of 10.05 = 1.005 -> 1.01
  });

  it("stays within half a minor unit of the exact product", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (amount, quantity) => {
        const exact = (amount * quantity) / 1000;
        expect(Math.abs(lineTotalMinor(amount, quantity) - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });
});

describe("computeInvoiceTotals", () => {
  it("computes the spec's example", () => {
    const result = computeInvoiceTotals({
      lines: [
        { amountMinor: 5000, quantityMilli: 2500, taxMilli: 10_000 }, // 50.00 x 2.5 h = 125.00, tax 12.50
        { amountMinor: 1999, quantityMilli: 3000, taxMilli: 0 }, // 19.99 x 3 = 59.97
      ],
      discountMilli: 5000, // 5% of 184.97 = 9.2485 -> 9.25
      paymentsMinor: [10_000],
    });
    expect(result.lines).toEqual([
      { totalMinor: 12_500, taxMinor: 1250 },
      { totalMinor: 5997, taxMinor: 0 },
    ]);
    expect(result.totals).toEqual({ subtotal: 18_497, tax: 1250, discount: 925, total: 18_822, paid: 10_000, due: 8822 });
    expect(result.status).toBe(3);
  });

  it("reconciles line by line and in total, for every currency's digits", () => {
    fc.assert(
      fc.property(
        fc.array(moneyLine, { maxLength: 30 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { maxLength: 5 }),
        fc.constantFrom(...DIGITS),
        (lines, discountMilli, paymentsMinor, digits) => {
          const { lines: money, totals } = computeInvoiceTotals({ lines, discountMilli, paymentsMinor });
          expect(money).toHaveLength(lines.length);
          lines.forEach((line, index) => {
            expect(money[index]?.totalMinor).toBe(lineTotalMinor(line.amountMinor, line.quantityMilli));
            expect(money[index]?.taxMinor).toBe(percentOfMinor(money[index]?.totalMinor ?? 0, line.taxMilli));
          });
          expect(totals.subtotal).toBe(money.reduce((sum, line) => sum + line.totalMinor, 0));
          expect(totals.tax).toBe(money.reduce((sum, line) => sum + line.taxMinor, 0));
          expect(totals.total).toBe(totals.subtotal + totals.tax - totals.discount);
          expect(totals.discount).toBeLessThanOrEqual(totals.subtotal);
          expect(totals.total).toBeGreaterThanOrEqual(0);
          expect(totals.due).toBeGreaterThanOrEqual(0);
          expect(totals.due).toBe(Math.max(0, totals.total - totals.paid));
          for (const value of Object.values(totals)) expect(Number.isSafeInteger(value)).toBe(true);
          // The major-unit answers add up exactly once read back in minor units.
          const back = (minor: number) => parseMoney(minorToMajor(minor, digits), digits);
          expect(back(totals.total)).toEqual({ ok: true, value: totals.total });
        },
      ),
    );
  });

  it("gives the status from what is paid: 0 nothing, 3 part, 1 all", () => {
    expect(invoiceStatusOf(1000, 0)).toBe(0);
    expect(invoiceStatusOf(1000, 1)).toBe(3);
    expect(invoiceStatusOf(1000, 1000)).toBe(1);
    expect(invoiceStatusOf(1000, 1500)).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 1e12 }), (total, paid) => {
        const status = invoiceStatusOf(total, paid);
        expect(status === 1).toBe(paid > 0 && paid >= total);
        expect(status === 0).toBe(paid === 0);
      }),
    );
  });
});

describe("payment amounts", () => {
  it("refuses more than the due, less than the minimum, a part when partial is off", () => {
    const base = { dueMinor: 10_000, partial: true, minimumPartialMinor: 2000 };
    expect(checkPaymentAmount({ ...base, amountMinor: 10_001 })).toBe("more_than_due");
    expect(checkPaymentAmount({ ...base, amountMinor: 1999 })).toBe("below_minimum");
    expect(checkPaymentAmount({ ...base, amountMinor: 2000 })).toBeNull();
    expect(checkPaymentAmount({ ...base, amountMinor: 0 })).toBe("not_positive");
    expect(checkPaymentAmount({ ...base, partial: false, amountMinor: 5000 })).toBe("partial_not_allowed");
    expect(checkPaymentAmount({ ...base, partial: false, amountMinor: 10_000 })).toBeNull();
    expect(checkPaymentAmount({ ...base, dueMinor: 1000, amountMinor: 1000 })).toBeNull();
  });
});

describe("invoice bodies", () => {
  it("reads lines by the currency's digits and names the field of a bad amount", () => {
    const body = createInvoiceBody.parse({
      title: "Work",
      client_id: 3,
      start_at: "2026-01-05",
      entryTasks: [{ task: "Design", amount: 12.5, hour: 1.5, tax: 5 }],
      entryNames: [{ name: "Hosting", amount: "9.999", quantity: 2 }],
    });
    const problems: FieldProblem[] = [];
    const tasks = readTaskLines(body.entryTasks, 2, problems);
    const names = readNameLines(body.entryNames, 2, problems);
    expect(tasks).toEqual([{ task: "Design", taskId: null, amountMinor: 1250, hourMilli: 1500, taxMilli: 5000 }]);
    expect(names[0]?.quantityMilli).toBe(2000);
    expect(problems).toEqual([{ field: "entryNames.0.amount", message: "At most 2 decimals" }]);
  });

  it("previews totals like the server computes them", () => {
    const totals = previewInvoiceTotals({ entryTasks: [{ task: "A", amount: "10", hour: "2", tax: "10" }], entryNames: [{ name: "B", amount: 5 }], discount: 10 }, 2);
    expect(totals).toEqual({ subtotal: 2500, tax: 200, discount: 250, total: 2450, paid: 0, due: 2450 });
  });

  it("numbers invoices per year", () => {
    expect(formatInvoiceNumber(2026, 1)).toBe("INV-2026-0001");
    expect(formatInvoiceNumber(2026, 12_345)).toBe("INV-2026-12345");
  });
});
