import { describe, expect, it } from "vitest";
import {
  checkCustomFieldValue,
  createCustomFieldBody,
  customFieldFiltersQuery,
  customFieldValueText,
  parseCustomFieldFilter,
  updateCustomFieldBody,
  zTaskCustomFieldsInput,
  type CheckableCustomField,
  type CustomFieldType,
} from "./custom-fields.js";
import { createTaskBody, listTasksQuery } from "./tasks.js";

const options = [{ id: 3 }, { id: 5 }, { id: 9 }];
const field = (type: CustomFieldType, required = false): CheckableCustomField => ({ type, title: "Field", required, options });
const ok = (type: CustomFieldType, value: unknown) => checkCustomFieldValue(field(type), value);

describe("checkCustomFieldValue", () => {
  it("reads each kind of value into its stored form", () => {
    expect(ok("text", "  hello ")).toEqual({ ok: true, value: "hello" });
    expect(ok("long_text", "a\r\nb\n")).toEqual({ ok: true, value: "a\nb" });
    expect(ok("number", 2.5)).toEqual({ ok: true, value: 2.5 });
    expect(ok("number", "-12")).toEqual({ ok: true, value: -12 });
    expect(ok("dropdown", "5")).toEqual({ ok: true, value: 5 });
    expect(ok("multi_select", [9, "3", 9])).toEqual({ ok: true, value: [3, 9] });
    expect(ok("multi_select", 5)).toEqual({ ok: true, value: [5] });
    expect(ok("date", "2026-02-28")).toEqual({ ok: true, value: "2026-02-28" });
    expect(ok("checkbox", "1")).toEqual({ ok: true, value: true });
    expect(ok("checkbox", false)).toEqual({ ok: true, value: false });
    expect(ok("url", "https://example.com/a?b=1")).toEqual({ ok: true, value: "https://example.com/a?b=1" });
    expect(ok("user", 7)).toEqual({ ok: true, value: 7 });
  });

  it("refuses values of the wrong kind", () => {
    expect(ok("text", 12).ok).toBe(false);
    expect(ok("text", "a\nb").ok).toBe(false);
    expect(ok("text", "x".repeat(256)).ok).toBe(false);
    expect(ok("number", "1e3").ok).toBe(false);
    expect(ok("number", "abc").ok).toBe(false);
    expect(ok("number", 1e16).ok).toBe(false);
    expect(ok("dropdown", 4)).toEqual({ ok: false, message: "Field: unknown option" });
    expect(ok("dropdown", [3]).ok).toBe(false);
    expect(ok("multi_select", [3, 4]).ok).toBe(false);
    expect(ok("multi_select", ["x"]).ok).toBe(false);
    expect(ok("date", "2026-02-30").ok).toBe(false);
    expect(ok("date", 20260201).ok).toBe(false);
    expect(ok("checkbox", "yes").ok).toBe(false);
    expect(ok("url", "javascript:alert(1)").ok).toBe(false);
    expect(ok("url", "example.com").ok).toBe(false);
    expect(ok("user", "me").ok).toBe(false);
    expect(checkCustomFieldValue(field("user"), 8, { userIds: new Set([7]) }).ok).toBe(false);
  });

  it("treats empty values as none, refused when the field is required", () => {
    for (const empty of [null, "", "  ", []]) {
      expect(ok("text", empty)).toEqual({ ok: true, value: null });
      expect(checkCustomFieldValue(field("multi_select", true), empty)).toEqual({ ok: false, message: "Field is required" });
    }
    expect(checkCustomFieldValue(field("checkbox", true), false).ok).toBe(false);
  });
});

describe("field bodies", () => {
  it("needs options on choice fields and a default that fits", () => {
    expect(createCustomFieldBody.safeParse({ title: "Size", type: "dropdown" }).success).toBe(false);
    expect(createCustomFieldBody.safeParse({ title: "Size", type: "dropdown", options: [{ title: "S" }, { title: "s" }] }).success).toBe(false);
    expect(createCustomFieldBody.safeParse({ title: "Size", type: "dropdown", options: [{ title: "S", is_default: true }, { title: "M", is_default: 1 }] }).success).toBe(false);
    expect(createCustomFieldBody.safeParse({ title: "Size", type: "multi_select", options: [{ title: "S", is_default: true }, { title: "M", is_default: 1 }] }).success).toBe(true);
    expect(createCustomFieldBody.safeParse({ title: "Size", type: "number", options: [{ title: "S" }] }).success).toBe(false);
    expect(createCustomFieldBody.safeParse({ title: "Size", type: "number", default: "x" }).success).toBe(false);
    const parsed = createCustomFieldBody.parse({ title: " Size ", type: "number", default: 3, required: "1" });
    expect(parsed).toMatchObject({ title: "Size", required: true, description: "", default: 3 });
    expect(createCustomFieldBody.safeParse({ title: "", type: "text" }).error?.issues[0]?.message).toBe("Field name required!");
    expect(updateCustomFieldBody.parse({ title: "New" })).toEqual({ title: "New" });
  });
});

describe("task bodies and filters", () => {
  it("reads custom_fields as an object or JSON text", () => {
    expect(zTaskCustomFieldsInput.parse({ "4": "x" })).toEqual({ "4": "x" });
    expect(zTaskCustomFieldsInput.parse('{"4":[1,2]}')).toEqual({ "4": [1, 2] });
    expect(zTaskCustomFieldsInput.safeParse({ abc: 1 }).success).toBe(false);
    expect(createTaskBody.parse({ title: "T", custom_fields: { "2": 1 } }).custom_fields).toEqual({ "2": 1 });
  });

  it("parses cf filters by the field's kind", () => {
    const q = listTasksQuery.parse({ cf: { "3": "5", "4": { min: "1", max: "10" }, "5": ["1", "2"] } });
    expect(q.cf).toEqual({ "3": "5", "4": { min: "1", max: "10" }, "5": ["1", "2"] });
    expect(customFieldFiltersQuery.safeParse({ x: "1" }).success).toBe(false);
    const f = (type: CustomFieldType, raw: Parameters<typeof parseCustomFieldFilter>[1]) => parseCustomFieldFilter({ id: 1, type, title: "F" }, raw);
    expect(f("number", { min: "1.5" })).toEqual({ ok: true, filter: { field_id: 1, kind: "number", min: 1.5, max: null } });
    expect(f("number", "4")).toEqual({ ok: true, filter: { field_id: 1, kind: "number", min: 4, max: 4 } });
    expect(f("number", "x").ok).toBe(false);
    expect(f("date", { max: "2026-01-31" })).toEqual({ ok: true, filter: { field_id: 1, kind: "date", min: null, max: "2026-01-31" } });
    expect(f("date", "2026-13-01").ok).toBe(false);
    expect(f("dropdown", ["3", "4"])).toEqual({ ok: true, filter: { field_id: 1, kind: "any_of", ids: [3, 4] } });
    expect(f("multi_select", "3,4")).toEqual({ ok: true, filter: { field_id: 1, kind: "any_of", ids: [3, 4] } });
    expect(f("checkbox", "0")).toEqual({ ok: true, filter: { field_id: 1, kind: "checkbox", checked: false } });
    expect(f("text", " acme ")).toEqual({ ok: true, filter: { field_id: 1, kind: "contains", text: "acme" } });
    expect(f("user", { empty: "1" })).toEqual({ ok: true, filter: { field_id: 1, kind: "empty", empty: true } });
  });

  it("writes values as text", () => {
    const choice = { type: "multi_select" as const, options: [{ id: 1, title: "Red" }, { id: 2, title: "Blue" }] };
    expect(customFieldValueText(choice, [1, 2])).toBe("Red, Blue");
    expect(customFieldValueText({ type: "checkbox", options: [] }, true)).toBe("Yes");
    expect(customFieldValueText({ type: "user", options: [] }, 4, () => "Ann")).toBe("Ann");
    expect(customFieldValueText({ type: "number", options: [] }, null)).toBe("");
  });
});
