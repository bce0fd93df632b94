import type { ErrorBody } from "@plotline/contracts";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../api/client.js";
import { subTaskErrorDisplay } from "./sub-task-errors.js";

function apiError(status: number, messages: string[], params?: Record<string, string[]>): ApiError {
  const body: ErrorBody = {
    code: status === 400 ? "rest_invalid_param" : "rule_broken",
    message: messages[0] ?? "",
    messages,
    data: { status, ...(params && { params }) },
  };
  return new ApiError(status, body);
}

describe("subTaskErrorDisplay", () => {
  it("shows the first message of each field of a 400 under its field", () => {
    const error = apiError(400, ["Title is required.", "Title is too short.", "The due date is not a date."], {
      title: ["Title is required.", "Title is too short."],
      due_date: ["The due date is not a date."],
    });
    expect(subTaskErrorDisplay(error, ["title", "due_date"])).toEqual({
      byField: { title: "Title is required.", due_date: "The due date is not a date." },
      toasts: [],
    });
  });

  it("toasts the first message of a 400's field the form has no place for", () => {
    const error = apiError(400, ["Title is required.", "Estimation is too large.", "Estimation must be whole."], {
      title: ["Title is required."],
      estimation: ["Estimation is too large.", "Estimation must be whole."],
    });
    expect(subTaskErrorDisplay(error, ["title"])).toEqual({ byField: { title: "Title is required." }, toasts: ["Estimation is too large."] });
  });

  it("shows the message list of any other failure, field messages or not", () => {
    const archived = apiError(422, ["This list is archived.", "Restore it first."]);
    expect(subTaskErrorDisplay(archived, ["title"])).toEqual({ byField: {}, toasts: ["This list is archived.", "Restore it first."] });
    const server = apiError(500, ["Something broke."], { title: ["Not shown under the field."] });
    expect(subTaskErrorDisplay(server, ["title"])).toEqual({ byField: {}, toasts: ["Something broke."] });
  });

  it("shows the message list of a 400 without field messages", () => {
    expect(subTaskErrorDisplay(apiError(400, ["Bad request."], {}), ["title"])).toEqual({ byField: {}, toasts: ["Bad request."] });
  });

  it("toasts what a failure that is not the server's says", () => {
    expect(subTaskErrorDisplay(new Error("offline"), ["title"])).toEqual({ byField: {}, toasts: ["offline"] });
  });
});
