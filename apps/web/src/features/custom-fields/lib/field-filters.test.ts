import type { CustomField } from "@plotline/contracts";
import { describe, expect, it } from "vitest";
import { activeFilters, filterQuery, readFilters, writeFilters } from "./field-filters.js";

const moment = { date: "2026-01-01", time: "00:00:00", datetime: "2026-01-01 00:00:00", timezone: "UTC", timestamp: 0 };

const field = (id: number, type: CustomField["type"], title = `Field ${id}`): CustomField => ({
  id,
  project_id: 1,
  title,
  type,
  description: "",
  required: false,
  default: null,
  order: id,
  options: type === "dropdown" ? [{ id: 7, title: "Review", color: "", order: 0, is_default: false }] : [],
  created_at: moment,
  updated_at: moment,
  abilities: { can_edit: true, can_delete: true },
});

const stage = field(1, "dropdown", "Stage");
const budget = field(2, "number", "Budget");
const review = field(3, "date", "Review");
const notes = field(4, "text", "Notes");

describe("custom-field filters in the page's address", () => {
  it("reads values and range ends, leaving out blanks and other parameters", () => {
    const params = new URLSearchParams("cf.1=7&cf.2.min=100&cf.2.max=&cf.3.max=2026-06-30&page=2&view=list&cf.x=1");
    expect(readFilters(params)).toEqual({ 1: { value: "7" }, 2: { min: "100" }, 3: { max: "2026-06-30" } });
  });

  it("writes the filters in place of the old ones, keeps other parameters and goes back to the first page", () => {
    const params = new URLSearchParams("cf.1=7&page=3&view=list");
    const next = writeFilters(params, { 2: { min: "1", max: "10" } });
    expect(next.toString()).toBe("view=list&cf.2.min=1&cf.2.max=10");
    expect(readFilters(next)).toEqual({ 2: { min: "1", max: "10" } });
  });

  it("keeps only the filters of fields that exist and can filter", () => {
    const filters = { 1: { value: "7" }, 4: { value: "acme" }, 9: { value: "1" }, 2: {} };
    expect(activeFilters([stage, budget, notes], filters).map((entry) => entry.field.id)).toEqual([1]);
  });

  it("builds the tasks call's query: an option for a dropdown, min and max for ranges", () => {
    const filters = { 1: { value: "7" }, 2: { min: "100", max: "1000" }, 3: { min: "2026-05-01" } };
    expect(filterQuery([stage, budget, review], filters)).toEqual({
      "cf[1]": "7",
      "cf[2][min]": "100",
      "cf[2][max]": "1000",
      "cf[3][min]": "2026-05-01",
    });
  });
});
