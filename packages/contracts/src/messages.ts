import { z } from "zod";

/**
 * Readable validation messages that name the field, used wherever a schema gives no message of its own:
 * "title is required", "per_page must be at most 500". Server and web share them by importing contracts.
 */
function fieldName(path: readonly PropertyKey[] | undefined): string {
  const parts = (path ?? []).map(String);
  return parts.length > 0 ? parts.join(".") : "value";
}

z.config({
  customError: (issue) => {
    const field = fieldName(issue.path);
    switch (issue.code) {
      case "invalid_type":
        if (issue.input === undefined || issue.input === null) return `${field} is required`;
        return `${field} must be ${issue.expected === "array" ? "a list" : `a ${issue.expected}`}`;
      case "too_small":
        if (issue.origin === "string") {
          return Number(issue.minimum) <= 1 ? `${field} is required` : `${field} must have at least ${issue.minimum} characters`;
        }
        if (issue.origin === "array") return `${field} must have at least ${issue.minimum} items`;
        return `${field} must be at least ${issue.minimum}`;
      case "too_big":
        if (issue.origin === "string") return `${field} must have at most ${issue.maximum} characters`;
        if (issue.origin === "array") return `${field} must have at most ${issue.maximum} items`;
        return `${field} must be at most ${issue.maximum}`;
      case "invalid_format":
        return `${field} must be a valid ${issue.format === "regex" ? "value" : issue.format}`;
      case "invalid_value":
        return `${field} must be one of: ${issue.values.map(String).join(", ")}`;
      case "invalid_union":
        return `${field} is not valid`;
      case "unrecognized_keys":
        return `Unknown field ${issue.keys.join(", ")}`;
      default:
        return undefined;
    }
  },
});
