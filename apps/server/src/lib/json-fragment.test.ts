import { describe, expect, it } from "vitest";
import { JsonFragment, serializePresented, stringifyPresented } from "./json-fragment.js";

describe("JsonFragment", () => {
  const task = new JsonFragment<{ id: number; title: string }>('{"id":7,"title":"Ship \\"it\\"\\u0000"}');

  it("is sent as its text, where it stands, as often as it appears", () => {
    const body = { data: [task, { id: 8, title: "plain" }, task], meta: { total: 3 } };
    const { text, fragments } = serializePresented(body);
    expect(fragments).toBe(2);
    expect(text).toBe('{"data":[{"id":7,"title":"Ship \\"it\\"\\u0000"},{"id":8,"title":"plain"},{"id":7,"title":"Ship \\"it\\"\\u0000"}],"meta":{"total":3}}');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(body)));
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
