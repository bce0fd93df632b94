import { describe, expect, it } from "vitest";
import { pageOf, statusOf } from "./list-params.js";

describe("the list's address", () => {
  it("reads the status filter: 0, 1, 3 or all", () => {
    expect([statusOf("0"), statusOf("1"), statusOf("3"), statusOf("2"), statusOf(null), statusOf("all")]).toEqual([0, 1, 3, null, null, null]);
  });

  it("reads the page: a whole number from 1", () => {
    expect([pageOf("2"), pageOf("0"), pageOf("-1"), pageOf("x"), pageOf(null), pageOf("99999999999999999999")]).toEqual([2, 1, 1, 1, 1, 1]);
  });
});
