import { describe, expect, it } from "vitest";
import { formatAmount, readAmount, readPercent, readQuantity } from "./money.js";

describe("formatAmount", () => {
  it("shows minor units in the currency's own decimals", () => {
    expect(formatAmount(123450, "USD")).toBe("$1,234.50");
    expect(formatAmount(1235, "JPY")).toBe("¥1,235");
    expect(formatAmount(1250, "BHD")).toMatch(/^BHD\s1\.250$/);
    expect(formatAmount(-500, "EUR")).toBe("-€5.00");
  });

  it("keeps large amounts exact to the minor unit", () => {
    expect(formatAmount(Number.MAX_SAFE_INTEGER, "USD")).toBe("$90,071,992,547,409.91");
  });

  it("shows a code without a symbol before the figures", () => {
    expect(formatAmount(1250, "XZZ")).toMatch(/^XZZ\s12\.50$/);
  });
});

describe("readAmount", () => {
  it("reads typed amounts exactly into minor units", () => {
    expect(readAmount("12.5", 2)).toEqual({ ok: true, value: 1250 });
    expect(readAmount(" 1,234.56 ", 2)).toEqual({ ok: true, value: 123456 });
    expect(readAmount("0.1", 2)).toEqual({ ok: true, value: 10 });
    expect(readAmount("12,5", 2)).toEqual({ ok: true, value: 1250 });
    expect(readAmount("1 000", 0)).toEqual({ ok: true, value: 1000 });
  });

  it("refuses more decimals than the currency has, negatives and words", () => {
    expect(readAmount("1.005", 2)).toEqual({ ok: false, error: "too_many_decimals" });
    expect(readAmount("1.5", 0)).toEqual({ ok: false, error: "too_many_decimals" });
    expect(readAmount("-3", 2)).toEqual({ ok: false, error: "negative" });
    expect(readAmount("ten", 2)).toEqual({ ok: false, error: "not_a_number" });
  });

  it("reads an empty field as 0, or as missing when it is required", () => {
    expect(readAmount("", 2)).toEqual({ ok: true, value: 0 });
    expect(readAmount("  ", 2, true)).toEqual({ ok: false, error: "required" });
  });
});

describe("readQuantity and readPercent", () => {
  it("read thousandths", () => {
    expect(readQuantity("1.5")).toEqual({ ok: true, value: 1500 });
    expect(readQuantity("0.125")).toEqual({ ok: true, value: 125 });
    expect(readPercent("7.25")).toEqual({ ok: true, value: 7250 });
  });

  it("refuse a percentage above 100", () => {
    expect(readPercent("100.001")).toEqual({ ok: false, error: "too_large" });
    expect(readPercent("100")).toEqual({ ok: true, value: 100_000 });
  });
});
