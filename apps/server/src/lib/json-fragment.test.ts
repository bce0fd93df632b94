import { describe, expect, it } from "vitest";
import { finishObject, JsonFragment, openObject, serializePresented, stringifyPresented } from "./json-fragment.js";

describe("JsonFragment", () => {
  const task = new JsonFragment<{ id: number; title: string }>('{"id":7,"title":"Ship \\"it\\"\\u0000"}');

  it("is sent as its text, where it stands, as often as it appears", () => {
    const body = { data: [task, { id: 8, title: "plain" }, task], meta: { total: 3 } };
    const { text, fragments } = serializePresented(body);
    expect(fragments).toBe(2);
    expect(text).toBe('{"data":[{"id":7,"title":"Ship \\"it\\"\\u0000"},{"id":8,"title":"plain"},{"id":7,"title":"Ship \\"it\\"\\u0000"}],"meta":{"total":3}}');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(body)));
  });

  it("writes an envelope of one kept record, and one with more fields, as JSON.stringify reads them", () => {
    expect(serializePresented({ data: task })).toEqual({ text: '{"data":{"id":7,"title":"Ship \\"it\\"\\u0000"}}', fragments: 1 });
    const withMeta = { data: task, meta: { total: 1 } };
    expect(JSON.parse(stringifyPresented(withMeta))).toEqual(JSON.parse(JSON.stringify(withMeta)));
  });

  it("leaves strings that look like its marker alone", () => {
    const body = { data: [task], note: "\u0000json-fragment-0000000000000000:0" };
    expect(JSON.parse(stringifyPresented(body))).toEqual({ data: [{ id: 7, title: 'Ship "it"\u0000' }], note: body.note });
  });

  it("serialises as its value anywhere else", () => {
    expect(JSON.stringify({ one: task })).toBe('{"one":{"id":7,"title":"Ship \\"it\\"\\u0000"}}');
    expect(stringifyPresented({ none: 1 })).toBe('{"none":1}');
  });
});

describe("openObject and finishObject", () => {
  it("finish a kept object with each reader's last fields, in order", () => {
    const head = openObject({ id: 3, title: "Plan" });
    const mine = finishObject<object>(head, '"abilities":{"can_edit":true}');
    const theirs = finishObject<object>(head, '"abilities":{"can_edit":false},"resource_id":4');
    expect(stringifyPresented([mine, theirs])).toBe('[{"id":3,"title":"Plan","abilities":{"can_edit":true}},{"id":3,"title":"Plan","abilities":{"can_edit":false},"resource_id":4}]');
  });

  it("finish an object that had no fields of its own", () => {
    expect(stringifyPresented(finishObject<object>(openObject({}), '"only":1'))).toBe('{"only":1}');
  });
});
