import { describe, expect, it } from "vitest";
import { paginationLinks } from "./pagination-links.js";

describe("paginationLinks", () => {
  it("gives the next and previous pages with the rest of the query kept", () => {
    expect(paginationLinks("/api/pm/v2/projects?status=incomplete&page=2&per_page=5", { current_page: 2, total_pages: 3 })).toEqual({
      next: "/api/pm/v2/projects?status=incomplete&per_page=5&page=3",
      previous: "/api/pm/v2/projects?status=incomplete&per_page=5&page=1",
    });
  });

  it("adds page to a URL without one, and leaves out the pages that do not exist", () => {
    expect(paginationLinks("/api/pm/v2/users", { current_page: 1, total_pages: 2 })).toEqual({ next: "/api/pm/v2/users?page=2" });
    expect(paginationLinks("/api/pm/v2/users?", { current_page: 1, total_pages: 1 })).toEqual({});
    expect(paginationLinks("/api/pm/v2/users?page=9", { current_page: 9, total_pages: 4 })).toEqual({ previous: "/api/pm/v2/users?page=4" });
  });
});
